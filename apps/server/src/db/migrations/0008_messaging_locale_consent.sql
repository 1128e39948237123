ALTER TABLE "clinics" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "marketing_consent" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "marketing_consent_recorded_by" text;--> statement-breakpoint
-- Hand-written: consent recorded before the state column existed was a grant; unknown languages fall back to the clinic's.
UPDATE "patients" SET "marketing_consent" = 'granted', "marketing_consent_source" = coalesce("marketing_consent_source", 'staff') WHERE "marketing_consent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "patients" SET "language" = NULL WHERE "language" IS NOT NULL AND "language" NOT IN ('en', 'es', 'tr');--> statement-breakpoint
UPDATE "clinics" SET "default_language" = 'en' WHERE "default_language" NOT IN ('en', 'es', 'tr');--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_default_language_check" CHECK ("clinics"."default_language" in ('en', 'es', 'tr'));--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_country_check" CHECK ("clinics"."country" is null or "clinics"."country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_marketing_consent_check" CHECK (("patients"."marketing_consent" is null and "patients"."marketing_consent_at" is null) or ("patients"."marketing_consent" in ('granted', 'withdrawn') and "patients"."marketing_consent_at" is not null and "patients"."marketing_consent_source" is not null));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_language_check" CHECK ("patients"."language" is null or "patients"."language" in ('en', 'es', 'tr'));