CREATE TABLE "otlp_pending_spans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"trace_id" text NOT NULL,
	"span_id" text NOT NULL,
	"span" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otlp_pending_spans" ADD CONSTRAINT "otlp_pending_spans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otlp_pending_spans" ADD CONSTRAINT "otlp_pending_spans_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "otlp_pending_spans_run_trace_span_key" ON "otlp_pending_spans" USING btree ("run_id","trace_id","span_id");--> statement-breakpoint
CREATE INDEX "otlp_pending_spans_workspace_idx" ON "otlp_pending_spans" USING btree ("workspace_id");