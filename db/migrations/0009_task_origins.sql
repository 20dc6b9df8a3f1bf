CREATE TYPE "public"."task_origin_kind" AS ENUM('hack', 'failure', 'document', 'flaw', 'variant');--> statement-breakpoint
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
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_source_rollout_id_rollouts_id_fk" FOREIGN KEY ("source_rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_source_task_id_tasks_id_fk" FOREIGN KEY ("source_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_origins" ADD CONSTRAINT "task_origins_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_origins_task_key" ON "task_origins" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_origins_workspace_idx" ON "task_origins" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "task_origins_source_rollout_idx" ON "task_origins" USING btree ("source_rollout_id");--> statement-breakpoint
CREATE INDEX "task_origins_source_task_idx" ON "task_origins" USING btree ("source_task_id");--> statement-breakpoint
CREATE INDEX "task_origins_created_by_idx" ON "task_origins" USING btree ("created_by_id");