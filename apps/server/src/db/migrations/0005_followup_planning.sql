ALTER TABLE "clinic_automation_configs" ADD COLUMN "quiet_hours_from" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_automation_configs" ADD COLUMN "quiet_hours_until" text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_communications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "patient_communications" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_communications" ADD COLUMN "send_date" date;--> statement-breakpoint
ALTER TABLE "patient_communications" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "patient_communications" ADD COLUMN "fallback_channel" text;--> statement-breakpoint
ALTER TABLE "patient_communications" ADD COLUMN "is_marketing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "marketing_consent_source" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sms_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sms_opt_out_source" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_opt_out_source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "communications_dedupe_key" ON "patient_communications" USING btree ("clinic_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "communications_queued_due_idx" ON "patient_communications" USING btree ("scheduled_at") WHERE "patient_communications"."delivery_status" = 'queued';--> statement-breakpoint
CREATE INDEX "patients_clinic_procedure_date_idx" ON "patients" USING btree ("clinic_id","procedure_date");--> statement-breakpoint
ALTER TABLE "clinic_automation_configs" ADD CONSTRAINT "automation_quiet_hours_check" CHECK ("clinic_automation_configs"."quiet_hours_from" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "clinic_automation_configs"."quiet_hours_until" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "clinic_automation_configs"."quiet_hours_from" < "clinic_automation_configs"."quiet_hours_until");--> statement-breakpoint
ALTER TABLE "patient_communications" ADD CONSTRAINT "communications_fallback_channel_check" CHECK ("patient_communications"."fallback_channel" is null or "patient_communications"."fallback_channel" in ('sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "patient_communications" ADD CONSTRAINT "communications_language_check" CHECK ("patient_communications"."language" is null or "patient_communications"."language" in ('en', 'es', 'tr'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_marketing_consent_source_check" CHECK ("patients"."marketing_consent_source" is null or "patients"."marketing_consent_source" in ('patient_reply', 'staff', 'import', 'provider'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_sms_opt_out_source_check" CHECK ("patients"."sms_opt_out_source" is null or "patients"."sms_opt_out_source" in ('patient_reply', 'staff', 'import', 'provider'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_whatsapp_opt_out_source_check" CHECK ("patients"."whatsapp_opt_out_source" is null or "patients"."whatsapp_opt_out_source" in ('patient_reply', 'staff', 'import', 'provider'));