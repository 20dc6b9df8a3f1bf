-- Source records are kept as the JSON text they arrived as (json, not jsonb): no binary parse on
-- write, and the column takes lz4 compression where the server was built with it (pglz made storing
-- them cost about as much as a COPY of the whole file). PGlite lacks lz4: it keeps the default.
ALTER TABLE "rollout_sources" ALTER COLUMN "original" SET DATA TYPE json USING "original"::json;--> statement-breakpoint
DO $$
BEGIN
  ALTER TABLE "rollout_sources" ALTER COLUMN "original" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available here; rollout_sources.original keeps the default compression';
END $$;
