CREATE TYPE "public"."environment_status" AS ENUM('draft', 'in-review', 'approved', 'published', 'retired');--> statement-breakpoint
CREATE TYPE "public"."message_role" AS ENUM('system', 'user', 'assistant', 'tool');--> statement-breakpoint
CREATE TYPE "public"."rollout_status" AS ENUM('completed', 'error', 'truncated');--> statement-breakpoint
CREATE TYPE "public"."run_status" AS ENUM('pending', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "environments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "environment_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rollout_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"role" "message_role" NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"parts" jsonb,
	"reasoning" text,
	"tool_calls" jsonb,
	"tool_call_id" text,
	"tool_name" text,
	"error" text,
	"tokens" jsonb,
	"model" text,
	"sent_at" timestamp with time zone,
	"metadata" jsonb,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', left(coalesce("text", '') || ' ' || coalesce("reasoning", '') || ' ' || coalesce("tool_calls"::text, ''), 200000))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollout_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rollout_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file" text NOT NULL,
	"record" integer,
	"original" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"environment_id" uuid,
	"task_id" uuid,
	"task_key" text,
	"external_id" text,
	"model" text,
	"harness" text,
	"reward" double precision,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "rollout_status" DEFAULT 'completed' NOT NULL,
	"error" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"tool_call_count" integer DEFAULT 0 NOT NULL,
	"tool_error_count" integer DEFAULT 0 NOT NULL,
	"content_hash" text NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid,
	"created_by_id" uuid,
	"source" text NOT NULL,
	"format" text NOT NULL,
	"model" text,
	"harness" text,
	"status" "run_status" DEFAULT 'pending' NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"unlinked" integer DEFAULT 0 NOT NULL,
	"bytes_total" double precision DEFAULT 0 NOT NULL,
	"bytes_read" double precision DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environments" ADD CONSTRAINT "environments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_sources" ADD CONSTRAINT "rollout_sources_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "environments_workspace_slug_key" ON "environments" USING btree ("workspace_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_environment_key_key" ON "tasks" USING btree ("environment_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_rollout_index_key" ON "messages" USING btree ("rollout_id","index");--> statement-breakpoint
CREATE INDEX "messages_workspace_idx" ON "messages" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "rollout_sources_rollout_key" ON "rollout_sources" USING btree ("rollout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rollouts_workspace_content_hash_key" ON "rollouts" USING btree ("workspace_id","content_hash");--> statement-breakpoint
CREATE INDEX "rollouts_workspace_created_idx" ON "rollouts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rollouts_run_idx" ON "rollouts" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "rollouts_environment_idx" ON "rollouts" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "rollouts_task_idx" ON "rollouts" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "rollouts_workspace_model_idx" ON "rollouts" USING btree ("workspace_id","model");--> statement-breakpoint
CREATE INDEX "rollouts_workspace_reward_idx" ON "rollouts" USING btree ("workspace_id","reward");--> statement-breakpoint
CREATE INDEX "runs_workspace_idx" ON "runs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "runs_environment_idx" ON "runs" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "runs_created_by_idx" ON "runs" USING btree ("created_by_id");