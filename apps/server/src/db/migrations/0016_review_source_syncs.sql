CREATE TABLE "review_source_syncs" (
	"clinic_id" text NOT NULL,
	"provider" text NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_error_code" text,
	"last_imported_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_source_syncs_clinic_id_provider_pk" PRIMARY KEY("clinic_id","provider"),
	CONSTRAINT "review_source_syncs_provider_check" CHECK ("review_source_syncs"."provider" in ('trustpilot', 'google')),
	CONSTRAINT "review_source_syncs_error_code_check" CHECK ("review_source_syncs"."last_error_code" in ('PROVIDER_AUTH_FAILED', 'PROVIDER_NOT_FOUND', 'PROVIDER_RATE_LIMITED', 'PROVIDER_UNAVAILABLE', 'PROVIDER_BAD_RESPONSE', 'INTERNAL_ERROR'))
);
--> statement-breakpoint
ALTER TABLE "review_source_syncs" ADD CONSTRAINT "review_source_syncs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;