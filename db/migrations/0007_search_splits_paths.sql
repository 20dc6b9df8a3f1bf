ALTER TABLE "messages" drop column "search";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', translate(left(coalesce("text", '') || ' ' || coalesce("reasoning", '') || ' ' || coalesce("tool_calls"::text, ''), 200000), '_./\', '    '))) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");
