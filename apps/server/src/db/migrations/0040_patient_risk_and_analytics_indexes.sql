ALTER TABLE "patients" ADD COLUMN "risk_level" text DEFAULT 'low' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "risk_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "risk_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "communications_clinic_followup_outcome_idx" ON "patient_communications" USING btree ("clinic_id","sent_at","channel","delivery_status","response_received","patient_id") WHERE "patient_communications"."kind" = 'followup' and "patient_communications"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "patients_clinic_risk_idx" ON "patients" USING btree ("clinic_id","risk_rank" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "patients_clinic_procedure_idx" ON "patients" USING btree ("clinic_id","procedure");--> statement-breakpoint
CREATE INDEX "survey_requests_clinic_sent_idx" ON "survey_requests" USING btree ("clinic_id","sent_at");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_risk_level_check" CHECK ("patients"."risk_level" in ('low', 'medium', 'high'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_risk_rank_check" CHECK ("patients"."risk_rank" = case "patients"."risk_level" when 'high' then 2 when 'medium' then 1 else 0 end);