-- Messages are named by (rollout_id, index) everywhere; nothing referenced their uuid. Dropping `id`
-- drops its primary key (a random btree insert per message, and a volatile default that made COPY
-- insert one row at a time); the unique (rollout_id, index) index becomes the primary key in place.
ALTER TABLE "messages" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_pkey" PRIMARY KEY USING INDEX "messages_rollout_index_key";
