CREATE TYPE "public"."judge_version_status" AS ENUM('draft', 'deployed', 'retired');--> statement-breakpoint
CREATE TYPE "public"."judgment_status" AS ENUM('scored', 'unevaluable');--> statement-breakpoint
CREATE TABLE "judge_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"judge_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"status" "judge_version_status" DEFAULT 'draft' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"hidden" jsonb NOT NULL,
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
CREATE TABLE "judges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"panel_provider_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"criteria_keys" text[],
	"template" text NOT NULL,
	"temperature" double precision DEFAULT 0 NOT NULL,
	"max_tokens" integer DEFAULT 2048 NOT NULL,
	"calibration_bar" jsonb DEFAULT '{"minKappaLower":0.6,"minHeldOut":30}'::jsonb NOT NULL,
	"created_by_id" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judgments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"judge_version_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"criterion_key" text NOT NULL,
	"status" "judgment_status" NOT NULL,
	"score" double precision,
	"verdict" text,
	"reason" text DEFAULT '' NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw_answer" text,
	"model" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"panel" jsonb,
	"disagreement" double precision,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_judge_id_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_deployed_by_id_users_id_fk" FOREIGN KEY ("deployed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judgments" ADD CONSTRAINT "judgments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judgments" ADD CONSTRAINT "judgments_judge_version_id_judge_versions_id_fk" FOREIGN KEY ("judge_version_id") REFERENCES "public"."judge_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judgments" ADD CONSTRAINT "judgments_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "judge_versions_judge_version_key" ON "judge_versions" USING btree ("judge_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "judge_versions_judge_fingerprint_key" ON "judge_versions" USING btree ("judge_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "judge_versions_environment_deployed_key" ON "judge_versions" USING btree ("environment_id") WHERE "judge_versions"."status" = 'deployed';--> statement-breakpoint
CREATE INDEX "judge_versions_workspace_idx" ON "judge_versions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "judge_versions_deployed_by_idx" ON "judge_versions" USING btree ("deployed_by_id");--> statement-breakpoint
CREATE INDEX "judge_versions_created_by_idx" ON "judge_versions" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "judges_environment_name_key" ON "judges" USING btree ("environment_id","name");--> statement-breakpoint
CREATE INDEX "judges_workspace_idx" ON "judges" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "judges_provider_idx" ON "judges" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "judges_created_by_idx" ON "judges" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "judgments_version_rollout_criterion_key" ON "judgments" USING btree ("judge_version_id","rollout_id","criterion_key");--> statement-breakpoint
CREATE INDEX "judgments_rollout_idx" ON "judgments" USING btree ("rollout_id");--> statement-breakpoint
CREATE INDEX "judgments_workspace_idx" ON "judgments" USING btree ("workspace_id","created_at");