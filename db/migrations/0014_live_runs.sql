CREATE TYPE "public"."run_kind" AS ENUM('import', 'live');--> statement-breakpoint
ALTER TYPE "public"."rollout_status" ADD VALUE 'running';--> statement-breakpoint
CREATE TABLE "rollout_message_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rollout_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"messages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "rollouts_run_idx";--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "step" integer;--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "gave_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "stream_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "kind" "run_kind" DEFAULT 'import' NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rollout_message_chunks" ADD CONSTRAINT "rollout_message_chunks_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rollout_message_chunks_rollout_seq_key" ON "rollout_message_chunks" USING btree ("rollout_id","seq");--> statement-breakpoint
CREATE INDEX "rollouts_run_step_idx" ON "rollouts" USING btree ("run_id","step");