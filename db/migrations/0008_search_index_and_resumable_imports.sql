CREATE TABLE "message_search" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rollout_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"message_index" integer NOT NULL,
	"search" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_workspace_id_workspaces_id_fk";
--> statement-breakpoint
DROP INDEX "messages_workspace_idx";--> statement-breakpoint
DROP INDEX "messages_search_idx";--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "search_indexed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "upload" jsonb;--> statement-breakpoint
ALTER TABLE "message_search" ADD CONSTRAINT "message_search_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_search_rollout_message_key" ON "message_search" USING btree ("rollout_id","message_index");--> statement-breakpoint
CREATE INDEX "message_search_search_idx" ON "message_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "rollouts_search_pending_idx" ON "rollouts" USING btree ("created_at","id") WHERE "rollouts"."search_indexed_at" is null;--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "search";--> statement-breakpoint
-- Transcript bodies compress with lz4 where the server has it (Postgres 14+ builds with it; PGlite
-- doesn't): it compresses several times faster than the default pglz, which dominates import time.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) THEN
    ALTER TABLE "rollout_sources" ALTER COLUMN "original" SET COMPRESSION lz4;
    ALTER TABLE "messages" ALTER COLUMN "text" SET COMPRESSION lz4;
    ALTER TABLE "messages" ALTER COLUMN "reasoning" SET COMPRESSION lz4;
    ALTER TABLE "messages" ALTER COLUMN "parts" SET COMPRESSION lz4;
    ALTER TABLE "messages" ALTER COLUMN "tool_calls" SET COMPRESSION lz4;
    ALTER TABLE "messages" ALTER COLUMN "metadata" SET COMPRESSION lz4;
  END IF;
END $$;
