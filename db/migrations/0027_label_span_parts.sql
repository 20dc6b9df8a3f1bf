CREATE TYPE "public"."label_span_part" AS ENUM('content', 'reasoning', 'argument');--> statement-breakpoint
ALTER TABLE "label_spans" ADD COLUMN "part" "label_span_part" DEFAULT 'content' NOT NULL;--> statement-breakpoint
ALTER TABLE "label_spans" ADD COLUMN "argument_path" text;--> statement-breakpoint
ALTER TABLE "label_spans" ADD CONSTRAINT "label_spans_argument_check" CHECK ("label_spans"."part" <> 'argument' or ("label_spans"."kind" = 'text' and "label_spans"."tool_call_id" is not null and "label_spans"."argument_path" is not null));