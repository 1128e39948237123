ALTER TABLE "reviews" ADD COLUMN "public_reply_text" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "public_reply_at" timestamp with time zone;