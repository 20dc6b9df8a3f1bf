CREATE TABLE "datasheet_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "environment_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"chosen_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "environment_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"approved_by_id" uuid,
	"approved_by_name" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "datasheet_links" ADD CONSTRAINT "datasheet_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasheet_links" ADD CONSTRAINT "datasheet_links_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasheet_links" ADD CONSTRAINT "datasheet_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_samples" ADD CONSTRAINT "environment_samples_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_samples" ADD CONSTRAINT "environment_samples_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_samples" ADD CONSTRAINT "environment_samples_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_samples" ADD CONSTRAINT "environment_samples_chosen_by_id_users_id_fk" FOREIGN KEY ("chosen_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_versions" ADD CONSTRAINT "environment_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_versions" ADD CONSTRAINT "environment_versions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_versions" ADD CONSTRAINT "environment_versions_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "datasheet_links_token_hash_key" ON "datasheet_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "datasheet_links_environment_idx" ON "datasheet_links" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "datasheet_links_workspace_idx" ON "datasheet_links" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "datasheet_links_created_by_idx" ON "datasheet_links" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "environment_samples_environment_rollout_key" ON "environment_samples" USING btree ("environment_id","rollout_id");--> statement-breakpoint
CREATE INDEX "environment_samples_workspace_idx" ON "environment_samples" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "environment_samples_rollout_idx" ON "environment_samples" USING btree ("rollout_id");--> statement-breakpoint
CREATE INDEX "environment_samples_chosen_by_idx" ON "environment_samples" USING btree ("chosen_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "environment_versions_environment_version_key" ON "environment_versions" USING btree ("environment_id","version");--> statement-breakpoint
CREATE INDEX "environment_versions_workspace_idx" ON "environment_versions" USING btree ("workspace_id","published_at");--> statement-breakpoint
CREATE INDEX "environment_versions_approved_by_idx" ON "environment_versions" USING btree ("approved_by_id");--> statement-breakpoint
CREATE FUNCTION "environment_versions_freeze"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An approved version never changes: only its publication marks may be set, and its approver
  -- link may become null when the account is deleted.
  IF NEW.snapshot IS DISTINCT FROM OLD.snapshot OR NEW.sha256 IS DISTINCT FROM OLD.sha256
    OR NEW.version IS DISTINCT FROM OLD.version OR NEW.environment_id IS DISTINCT FROM OLD.environment_id
    OR NEW.workspace_id IS DISTINCT FROM OLD.workspace_id OR NEW.approved_at IS DISTINCT FROM OLD.approved_at
    OR NEW.approved_by_name IS DISTINCT FROM OLD.approved_by_name
    OR (NEW.approved_by_id IS DISTINCT FROM OLD.approved_by_id AND NEW.approved_by_id IS NOT NULL) THEN
    RAISE EXCEPTION 'environment version % is immutable', OLD.version USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "environment_versions_freeze" BEFORE UPDATE ON "environment_versions" FOR EACH ROW EXECUTE FUNCTION "environment_versions_freeze"();
