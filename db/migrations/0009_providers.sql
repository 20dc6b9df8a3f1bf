CREATE TYPE "public"."provider_kind" AS ENUM('openai', 'anthropic');--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "provider_kind" NOT NULL,
	"base_url" text NOT NULL,
	"model" text NOT NULL,
	"api_key_ciphertext" text,
	"concurrency" integer DEFAULT 4 NOT NULL,
	"requests_per_minute" integer,
	"input_price_per_million" double precision DEFAULT 0 NOT NULL,
	"output_price_per_million" double precision DEFAULT 0 NOT NULL,
	"timeout_seconds" integer DEFAULT 120 NOT NULL,
	"created_by_id" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "providers_workspace_name_key" ON "providers" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "providers_created_by_idx" ON "providers" USING btree ("created_by_id");