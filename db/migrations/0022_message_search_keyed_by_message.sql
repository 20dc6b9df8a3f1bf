-- A search row is derived from its message and keyed by it: the uuid and timestamps cost every
-- indexed message a btree insert and 24 bytes. Dropping `id` drops its primary key; the unique
-- (rollout_id, message_index) index then becomes the primary key in place, without a rebuild.
ALTER TABLE "message_search" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "message_search" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "message_search" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "message_search" ADD CONSTRAINT "message_search_pkey" PRIMARY KEY USING INDEX "message_search_rollout_message_key";
