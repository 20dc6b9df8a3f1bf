ALTER TABLE "task_drafts" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_drafts" ADD CONSTRAINT "task_drafts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_drafts_job_position_key" ON "task_drafts" USING btree ("job_id","position");