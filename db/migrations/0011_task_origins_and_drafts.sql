CREATE TYPE "public"."task_draft_kind" AS ENUM('grounded', 'flaw', 'variant');--> statement-breakpoint
CREATE TYPE "public"."task_draft_status" AS ENUM('proposed', 'accepted', 'discarded');--> statement-breakpoint
CREATE TYPE "public"."task_origin_kind" AS ENUM('hack', 'failure', 'document', 'flaw', 'variant');--> statement-breakpoint
CREATE TABLE "environment_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"text" text NOT NULL,
	"page_starts" integer[] NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"kind" "task_draft_kind" NOT NULL,
	"status" "task_draft_status" DEFAULT 'proposed' NOT NULL,
	"document_id" uuid,
	"source_task_id" uuid,
	"content" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dropped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exchanges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted_task_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_origins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" "task_origin_kind" NOT NULL,
	"source_rollout_id" uuid,
	"source_task_id" uuid,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environment_documents" ADD CONSTRAINT "environment_documents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_documents" ADD CONSTRAINT "environment_documents_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_documents" ADD CONSTRAINT "environment_documents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD CONSTRAINT "task_drafts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD CONSTRAINT "task_drafts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD CONSTRAINT "task_drafts_document_id_environment_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."environment_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD CONSTRAINT "task_drafts_source_task_id_tasks_id_fk" FOREIGN KEY ("source_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD CONSTRAINT "task_drafts_accepted_task_id_tasks_id_fk" FOREIGN KEY ("accepted_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD CONSTRAINT "task_drafts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_source_rollout_id_rollouts_id_fk" FOREIGN KEY ("source_rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_source_task_id_tasks_id_fk" FOREIGN KEY ("source_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "environment_documents_environment_sha256_key" ON "environment_documents" USING btree ("environment_id","sha256");--> statement-breakpoint
CREATE INDEX "environment_documents_workspace_idx" ON "environment_documents" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "environment_documents_created_by_idx" ON "environment_documents" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "task_drafts_environment_status_idx" ON "task_drafts" USING btree ("environment_id","status");--> statement-breakpoint
CREATE INDEX "task_drafts_workspace_idx" ON "task_drafts" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "task_drafts_document_idx" ON "task_drafts" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "task_drafts_source_task_idx" ON "task_drafts" USING btree ("source_task_id");--> statement-breakpoint
CREATE INDEX "task_drafts_accepted_task_idx" ON "task_drafts" USING btree ("accepted_task_id");--> statement-breakpoint
CREATE INDEX "task_drafts_created_by_idx" ON "task_drafts" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_origins_task_key" ON "task_origins" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_origins_workspace_idx" ON "task_origins" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "task_origins_source_rollout_idx" ON "task_origins" USING btree ("source_rollout_id");--> statement-breakpoint
CREATE INDEX "task_origins_source_task_idx" ON "task_origins" USING btree ("source_task_id");--> statement-breakpoint
CREATE INDEX "task_origins_created_by_idx" ON "task_origins" USING btree ("created_by_id");