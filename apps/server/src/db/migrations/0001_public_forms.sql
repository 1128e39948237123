CREATE TABLE "public_form_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"payload" jsonb NOT NULL,
	"locale" text,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_form_kind_check" CHECK ("public_form_submissions"."kind" in ('demo', 'contact', 'newsletter', 'status_subscribe', 'job_application'))
);
--> statement-breakpoint
CREATE INDEX "public_form_kind_created_idx" ON "public_form_submissions" USING btree ("kind","created_at" DESC NULLS LAST);