CREATE TABLE "environment_cost_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"author_hourly_rate" double precision NOT NULL,
	"reviewer_hourly_rate" double precision NOT NULL,
	"judge_input_price_per_million" double precision NOT NULL,
	"judge_output_price_per_million" double precision NOT NULL,
	"judge_input_tokens_per_rollout" integer NOT NULL,
	"judge_output_tokens_per_rollout" integer NOT NULL,
	"rollouts_per_task" integer NOT NULL,
	"reviewed_rollouts_per_task" integer NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environment_cost_rates" ADD CONSTRAINT "environment_cost_rates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_cost_rates" ADD CONSTRAINT "environment_cost_rates_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_cost_rates" ADD CONSTRAINT "environment_cost_rates_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "environment_cost_rates_environment_key" ON "environment_cost_rates" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "environment_cost_rates_workspace_idx" ON "environment_cost_rates" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "environment_cost_rates_updated_by_idx" ON "environment_cost_rates" USING btree ("updated_by_id");