ALTER TABLE "jobs" ADD COLUMN "fraction" double precision;--> statement-breakpoint
ALTER TABLE "runs" DROP COLUMN "upload";--> statement-breakpoint
-- Imports left unfinished by a studio before background jobs cannot resume (their upload records
-- are gone with the column): they end failed with the reason; what they stored is kept.
UPDATE "runs" SET "status" = 'failed', "finished_at" = now(),
  "errors" = "errors" || '[{"file":"","message":"The import stopped before it finished (the studio was upgraded meanwhile). The rollouts stored so far are kept; importing the files again skips them."}]'::jsonb
WHERE "status" IN ('pending', 'running');
