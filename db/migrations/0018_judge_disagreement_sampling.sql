ALTER TYPE "public"."queue_sampling" ADD VALUE 'judge-disagreements';--> statement-breakpoint
CREATE INDEX "judgments_job_idx" ON "judgments" USING btree ("job_id");