CREATE TYPE "public"."flag_severity" AS ENUM('high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."flag_verdict" AS ENUM('confirmed', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."queue_sampling" ADD VALUE 'flagged-first';--> statement-breakpoint
CREATE TABLE "flag_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"flag_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"reviewer_name" text NOT NULL,
	"verdict" "flag_verdict" NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"label_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"scanner" text NOT NULL,
	"signature" text NOT NULL,
	"severity" "flag_severity" NOT NULL,
	"message_index" integer NOT NULL,
	"evidence" jsonb NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollout_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"scanner" text NOT NULL,
	"scanner_version" text NOT NULL,
	"flag_count" integer DEFAULT 0 NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scanner_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"severity" "flag_severity",
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flag_reviews" ADD CONSTRAINT "flag_reviews_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reviews" ADD CONSTRAINT "flag_reviews_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reviews" ADD CONSTRAINT "flag_reviews_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reviews" ADD CONSTRAINT "flag_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reviews" ADD CONSTRAINT "flag_reviews_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_scans" ADD CONSTRAINT "rollout_scans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_scans" ADD CONSTRAINT "rollout_scans_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scanner_settings" ADD CONSTRAINT "scanner_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scanner_settings" ADD CONSTRAINT "scanner_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flag_reviews_flag_idx" ON "flag_reviews" USING btree ("flag_id","created_at");--> statement-breakpoint
CREATE INDEX "flag_reviews_rollout_idx" ON "flag_reviews" USING btree ("rollout_id");--> statement-breakpoint
CREATE INDEX "flag_reviews_workspace_idx" ON "flag_reviews" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "flag_reviews_reviewer_idx" ON "flag_reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "flag_reviews_label_idx" ON "flag_reviews" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "flags_rollout_idx" ON "flags" USING btree ("rollout_id","message_index");--> statement-breakpoint
CREATE INDEX "flags_workspace_signature_idx" ON "flags" USING btree ("workspace_id","signature");--> statement-breakpoint
CREATE UNIQUE INDEX "rollout_scans_rollout_scanner_key" ON "rollout_scans" USING btree ("rollout_id","scanner");--> statement-breakpoint
CREATE INDEX "rollout_scans_workspace_idx" ON "rollout_scans" USING btree ("workspace_id","scanner");--> statement-breakpoint
CREATE UNIQUE INDEX "scanner_settings_workspace_signature_key" ON "scanner_settings" USING btree ("workspace_id","signature");--> statement-breakpoint
CREATE INDEX "scanner_settings_updated_by_idx" ON "scanner_settings" USING btree ("updated_by_id");