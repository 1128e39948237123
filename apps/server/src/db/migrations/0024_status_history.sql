CREATE TABLE "system_status_days" (
	"day" date NOT NULL,
	"service" text NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"operational" integer DEFAULT 0 NOT NULL,
	"partial_outage" integer DEFAULT 0 NOT NULL,
	"major_outage" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_status_days_day_service_pk" PRIMARY KEY("day","service"),
	CONSTRAINT "system_status_days_service_check" CHECK ("system_status_days"."service" in ('api', 'database', 'job_runner', 'review_ingestion', 'messaging'))
);
--> statement-breakpoint
CREATE INDEX "communications_sent_at_idx" ON "patient_communications" USING btree ("sent_at") WHERE "patient_communications"."sent_at" is not null;