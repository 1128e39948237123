CREATE TABLE "job_worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_incidents" (
	"id" text PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"worst_status" text NOT NULL,
	"note" text,
	"started_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "status_incidents_service_check" CHECK ("status_incidents"."service" in ('api', 'database', 'job_runner', 'review_ingestion', 'messaging')),
	CONSTRAINT "status_incidents_worst_status_check" CHECK ("status_incidents"."worst_status" in ('partial-outage', 'major-outage')),
	CONSTRAINT "status_incidents_note_check" CHECK ("status_incidents"."note" is null or "status_incidents"."note" in ('database_unreachable', 'jobs_stopped', 'syncs_stalled', 'syncs_failing', 'deliveries_failing', 'deliveries_delayed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "status_incidents_one_open_idx" ON "status_incidents" USING btree ("service") WHERE "status_incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "status_incidents_started_idx" ON "status_incidents" USING btree ("started_at" DESC NULLS LAST);