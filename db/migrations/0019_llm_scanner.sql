CREATE TYPE "public"."llm_scan_status" AS ENUM('hack', 'no-hack', 'unevaluable');--> statement-breakpoint
CREATE TABLE "llm_scan_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"status" "llm_scan_status" NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hints" integer DEFAULT 0 NOT NULL,
	"raw_answer" text,
	"model" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_scanner_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"status" "judge_version_status" DEFAULT 'draft' NOT NULL,
	"provider_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"calibration_bar" jsonb DEFAULT '{"minKappaLower":0.6,"minHeldOut":30}'::jsonb NOT NULL,
	"calibration" jsonb,
	"is_calibration_passed" boolean,
	"calibrated_at" timestamp with time zone,
	"deployed_at" timestamp with time zone,
	"deployed_by_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flags" ADD COLUMN "version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "llm_scan_results" ADD CONSTRAINT "llm_scan_results_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_scan_results" ADD CONSTRAINT "llm_scan_results_version_id_llm_scanner_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."llm_scanner_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_scan_results" ADD CONSTRAINT "llm_scan_results_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_scanner_versions" ADD CONSTRAINT "llm_scanner_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_scanner_versions" ADD CONSTRAINT "llm_scanner_versions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_scanner_versions" ADD CONSTRAINT "llm_scanner_versions_deployed_by_id_users_id_fk" FOREIGN KEY ("deployed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_scanner_versions" ADD CONSTRAINT "llm_scanner_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "llm_scan_results_version_rollout_key" ON "llm_scan_results" USING btree ("version_id","rollout_id");--> statement-breakpoint
CREATE INDEX "llm_scan_results_rollout_idx" ON "llm_scan_results" USING btree ("rollout_id");--> statement-breakpoint
CREATE INDEX "llm_scan_results_workspace_idx" ON "llm_scan_results" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "llm_scanner_versions_workspace_version_key" ON "llm_scanner_versions" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "llm_scanner_versions_workspace_fingerprint_key" ON "llm_scanner_versions" USING btree ("workspace_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "llm_scanner_versions_workspace_deployed_key" ON "llm_scanner_versions" USING btree ("workspace_id") WHERE "llm_scanner_versions"."status" = 'deployed';--> statement-breakpoint
CREATE INDEX "llm_scanner_versions_provider_idx" ON "llm_scanner_versions" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "llm_scanner_versions_deployed_by_idx" ON "llm_scanner_versions" USING btree ("deployed_by_id");--> statement-breakpoint
CREATE INDEX "llm_scanner_versions_created_by_idx" ON "llm_scanner_versions" USING btree ("created_by_id");