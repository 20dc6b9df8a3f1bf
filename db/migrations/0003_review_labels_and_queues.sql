CREATE TYPE "public"."hack_corpus_status" AS ENUM('open', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."label_span_kind" AS ENUM('text', 'tool-call', 'tool-result');--> statement-breakpoint
CREATE TYPE "public"."label_verdict" AS ENUM('genuine-success', 'genuine-failure', 'reward-hack', 'grader-false-negative', 'environment-broken', 'unclear');--> statement-breakpoint
CREATE TYPE "public"."taxonomy_family" AS ENUM('reward-hack', 'failure-mode');--> statement-breakpoint
CREATE TYPE "public"."queue_sampling" AS ENUM('all', 'random-audit', 'highest-reward', 'disagreements-first', 'unlabeled-first');--> statement-breakpoint
CREATE TABLE "adjudications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"queue_id" uuid,
	"adjudicator_id" uuid,
	"adjudicator_name" text NOT NULL,
	"verdict" "label_verdict" NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"rationale" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hack_corpus_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"status" "hack_corpus_status" DEFAULT 'open' NOT NULL,
	"fixed_in_revision" text,
	"note" text DEFAULT '' NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_spans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"message_index" integer NOT NULL,
	"kind" "label_span_kind" DEFAULT 'text' NOT NULL,
	"start" integer,
	"end" integer,
	"tool_call_id" text,
	"category" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_spans_offsets_check" CHECK ("label_spans"."kind" <> 'text' or ("label_spans"."start" is not null and "label_spans"."end" is not null and "label_spans"."start" >= 0 and "label_spans"."end" > "label_spans"."start"))
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"queue_id" uuid,
	"reviewer_id" uuid,
	"api_key_id" uuid,
	"reviewer_key" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"version" integer NOT NULL,
	"previous_id" uuid,
	"verdict" "label_verdict" NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"confidence" smallint,
	"rationale" text DEFAULT '' NOT NULL,
	"criterion_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"task_revision" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_confidence_check" CHECK ("labels"."confidence" is null or "labels"."confidence" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "taxonomy_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"family" "taxonomy_family" NOT NULL,
	"parent_id" uuid,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rollout_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_reviewers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_queues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sampling" "queue_sampling" DEFAULT 'all' NOT NULL,
	"sample_percent" integer,
	"overlap" integer DEFAULT 1 NOT NULL,
	"is_blind" boolean DEFAULT true NOT NULL,
	"seed" text NOT NULL,
	"created_by_id" uuid,
	"items_synced_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_queues_overlap_check" CHECK ("review_queues"."overlap" between 1 and 10),
	CONSTRAINT "review_queues_sample_percent_check" CHECK ("review_queues"."sample_percent" is null or "review_queues"."sample_percent" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_queue_id_review_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."review_queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_adjudicator_id_users_id_fk" FOREIGN KEY ("adjudicator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hack_corpus_entries" ADD CONSTRAINT "hack_corpus_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hack_corpus_entries" ADD CONSTRAINT "hack_corpus_entries_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hack_corpus_entries" ADD CONSTRAINT "hack_corpus_entries_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_spans" ADD CONSTRAINT "label_spans_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_spans" ADD CONSTRAINT "label_spans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_spans" ADD CONSTRAINT "label_spans_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_queue_id_review_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."review_queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_previous_id_labels_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxonomy_categories" ADD CONSTRAINT "taxonomy_categories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxonomy_categories" ADD CONSTRAINT "taxonomy_categories_parent_id_taxonomy_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."taxonomy_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_queue_id_review_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."review_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_item_id_queue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."queue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_queue_id_review_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."review_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_reviewers" ADD CONSTRAINT "queue_reviewers_queue_id_review_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."review_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_reviewers" ADD CONSTRAINT "queue_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_queues" ADD CONSTRAINT "review_queues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_queues" ADD CONSTRAINT "review_queues_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjudications_rollout_idx" ON "adjudications" USING btree ("rollout_id","created_at");--> statement-breakpoint
CREATE INDEX "adjudications_workspace_idx" ON "adjudications" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "adjudications_queue_idx" ON "adjudications" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "adjudications_adjudicator_idx" ON "adjudications" USING btree ("adjudicator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hack_corpus_entries_rollout_key" ON "hack_corpus_entries" USING btree ("rollout_id");--> statement-breakpoint
CREATE INDEX "hack_corpus_entries_workspace_idx" ON "hack_corpus_entries" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "hack_corpus_entries_updated_by_idx" ON "hack_corpus_entries" USING btree ("updated_by_id");--> statement-breakpoint
CREATE INDEX "label_spans_label_idx" ON "label_spans" USING btree ("label_id","position");--> statement-breakpoint
CREATE INDEX "label_spans_rollout_idx" ON "label_spans" USING btree ("rollout_id");--> statement-breakpoint
CREATE INDEX "label_spans_workspace_idx" ON "label_spans" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_rollout_reviewer_version_key" ON "labels" USING btree ("rollout_id","reviewer_key","version");--> statement-breakpoint
CREATE INDEX "labels_workspace_created_idx" ON "labels" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "labels_queue_idx" ON "labels" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "labels_reviewer_idx" ON "labels" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "labels_api_key_idx" ON "labels" USING btree ("api_key_id");--> statement-breakpoint
CREATE INDEX "labels_previous_idx" ON "labels" USING btree ("previous_id");--> statement-breakpoint
CREATE UNIQUE INDEX "taxonomy_categories_workspace_key_key" ON "taxonomy_categories" USING btree ("workspace_id","key");--> statement-breakpoint
CREATE INDEX "taxonomy_categories_parent_idx" ON "taxonomy_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_assignments_item_reviewer_key" ON "queue_assignments" USING btree ("item_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "queue_assignments_queue_reviewer_idx" ON "queue_assignments" USING btree ("queue_id","reviewer_id","reserved_at");--> statement-breakpoint
CREATE INDEX "queue_assignments_reviewer_idx" ON "queue_assignments" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "queue_assignments_workspace_idx" ON "queue_assignments" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_items_queue_rollout_key" ON "queue_items" USING btree ("queue_id","rollout_id");--> statement-breakpoint
CREATE INDEX "queue_items_queue_position_idx" ON "queue_items" USING btree ("queue_id","position");--> statement-breakpoint
CREATE INDEX "queue_items_workspace_idx" ON "queue_items" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "queue_items_rollout_idx" ON "queue_items" USING btree ("rollout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_reviewers_queue_user_key" ON "queue_reviewers" USING btree ("queue_id","user_id");--> statement-breakpoint
CREATE INDEX "queue_reviewers_user_idx" ON "queue_reviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_queues_workspace_idx" ON "review_queues" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "review_queues_created_by_idx" ON "review_queues" USING btree ("created_by_id");