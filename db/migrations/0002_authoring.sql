CREATE TYPE "public"."scoring_mode" AS ENUM('threshold', 'continuous', 'improvement');--> statement-breakpoint
CREATE TYPE "public"."task_difficulty" AS ENUM('easy', 'medium', 'hard', 'expert');--> statement-breakpoint
CREATE TYPE "public"."criterion_kind" AS ENUM('binary', 'scale');--> statement-breakpoint
CREATE TYPE "public"."check_kind" AS ENUM('exact-match', 'regex', 'number-tolerance', 'json-path-equals', 'contains-all');--> statement-breakpoint
CREATE TYPE "public"."dismissal_action" AS ENUM('dismiss', 'restore');--> statement-breakpoint
CREATE TYPE "public"."resource_kind" AS ENUM('document', 'file');--> statement-breakpoint
CREATE TYPE "public"."script_language" AS ENUM('python', 'bash');--> statement-breakpoint
CREATE TABLE "rubric_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rubric_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" double precision DEFAULT 1 NOT NULL,
	"kind" "criterion_kind" DEFAULT 'binary' NOT NULL,
	"scale_max" integer,
	"requirements" text[] NOT NULL,
	"is_give_up" boolean DEFAULT false NOT NULL,
	"pass_examples" text[] NOT NULL,
	"fail_examples" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubric_golden_examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rubric_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"response" text NOT NULL,
	"grade" double precision NOT NULL,
	"criterion_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rationale" text DEFAULT '' NOT NULL,
	"graded_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"task_id" uuid,
	"shared_rubric_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"judge_template" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finding_dismissals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"finding_id" text NOT NULL,
	"finding_kind" text NOT NULL,
	"action" "dismissal_action" NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_answer_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"answer_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"kind" "check_kind" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" double precision DEFAULT 1 NOT NULL,
	"requirements" text[] NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"kind" "resource_kind" NOT NULL,
	"media_type" text DEFAULT 'text/markdown' NOT NULL,
	"content" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"author_kind" text NOT NULL,
	"author_user_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_solutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"language" text DEFAULT 'markdown' NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_test_scripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"language" "script_language" NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "reviewers_see_answer_keys" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "prompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "difficulty" "task_difficulty";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "time_budget_minutes" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "turn_budget" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "give_up_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "give_up_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "scoring_mode" "scoring_mode" DEFAULT 'threshold' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "scoring_threshold" double precision;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "best_known_score" double precision;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "best_known_score_by" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "best_known_score_recorded_by_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "best_known_score_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "requirement_overrides" jsonb DEFAULT '{"marked":[],"unmarked":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "updated_by_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rubric_criteria" ADD CONSTRAINT "rubric_criteria_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_golden_examples" ADD CONSTRAINT "rubric_golden_examples_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_shared_rubric_id_rubrics_id_fk" FOREIGN KEY ("shared_rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_dismissals" ADD CONSTRAINT "finding_dismissals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_dismissals" ADD CONSTRAINT "finding_dismissals_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_dismissals" ADD CONSTRAINT "finding_dismissals_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_answer_keys" ADD CONSTRAINT "task_answer_keys_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_checks" ADD CONSTRAINT "task_checks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_resources" ADD CONSTRAINT "task_resources_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_resources" ADD CONSTRAINT "task_resources_file_id_task_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."task_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_revisions" ADD CONSTRAINT "task_revisions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_revisions" ADD CONSTRAINT "task_revisions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_solutions" ADD CONSTRAINT "task_solutions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_test_scripts" ADD CONSTRAINT "task_test_scripts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rubric_criteria_rubric_key_key" ON "rubric_criteria" USING btree ("rubric_id","key");--> statement-breakpoint
CREATE INDEX "rubric_golden_examples_rubric_idx" ON "rubric_golden_examples" USING btree ("rubric_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "rubrics_task_key" ON "rubrics" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "rubrics_environment_idx" ON "rubrics" USING btree ("environment_id","archived_at");--> statement-breakpoint
CREATE INDEX "rubrics_workspace_idx" ON "rubrics" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "rubrics_shared_rubric_idx" ON "rubrics" USING btree ("shared_rubric_id");--> statement-breakpoint
CREATE INDEX "rubrics_created_by_idx" ON "rubrics" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "finding_dismissals_task_idx" ON "finding_dismissals" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "finding_dismissals_workspace_idx" ON "finding_dismissals" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "finding_dismissals_actor_idx" ON "finding_dismissals" USING btree ("actor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_answer_keys_task_key" ON "task_answer_keys" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_checks_task_key_key" ON "task_checks" USING btree ("task_id","key");--> statement-breakpoint
CREATE INDEX "task_files_workspace_idx" ON "task_files" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_files_task_sha256_key" ON "task_files" USING btree ("task_id","sha256");--> statement-breakpoint
CREATE INDEX "task_files_created_by_idx" ON "task_files" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "task_resources_task_idx" ON "task_resources" USING btree ("task_id","position");--> statement-breakpoint
CREATE INDEX "task_resources_file_idx" ON "task_resources" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_revisions_task_revision_key" ON "task_revisions" USING btree ("task_id","revision");--> statement-breakpoint
CREATE INDEX "task_revisions_author_idx" ON "task_revisions" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "task_solutions_task_idx" ON "task_solutions" USING btree ("task_id","position");--> statement-breakpoint
CREATE INDEX "task_test_scripts_task_idx" ON "task_test_scripts" USING btree ("task_id","position");--> statement-breakpoint
ALTER TABLE "environments" ADD CONSTRAINT "environments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_best_known_score_recorded_by_id_users_id_fk" FOREIGN KEY ("best_known_score_recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "environments_workspace_archived_idx" ON "environments" USING btree ("workspace_id","archived_at");--> statement-breakpoint
CREATE INDEX "environments_created_by_idx" ON "environments" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "tasks_environment_archived_idx" ON "tasks" USING btree ("environment_id","archived_at");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "tasks_updated_by_idx" ON "tasks" USING btree ("updated_by_id");--> statement-breakpoint
CREATE INDEX "tasks_best_known_score_recorded_by_idx" ON "tasks" USING btree ("best_known_score_recorded_by_id");