CREATE TYPE "public"."sentence_mark_verdict" AS ENUM('background', 'requirement');--> statement-breakpoint
CREATE TABLE "coverage_model_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"cache_key" text NOT NULL,
	"prompt_version" text NOT NULL,
	"question" text NOT NULL,
	"model" text NOT NULL,
	"verdict" boolean NOT NULL,
	"reason" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sentence_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"text_key" text NOT NULL,
	"text" text NOT NULL,
	"verdict" "sentence_mark_verdict" NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coverage_model_answers" ADD CONSTRAINT "coverage_model_answers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentence_marks" ADD CONSTRAINT "sentence_marks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentence_marks" ADD CONSTRAINT "sentence_marks_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_model_answers_key" ON "coverage_model_answers" USING btree ("workspace_id","cache_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sentence_marks_workspace_text_key" ON "sentence_marks" USING btree ("workspace_id","text_key");--> statement-breakpoint
CREATE INDEX "sentence_marks_actor_idx" ON "sentence_marks" USING btree ("actor_user_id");