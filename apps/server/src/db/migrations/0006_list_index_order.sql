DROP INDEX "cases_clinic_created_idx";--> statement-breakpoint
DROP INDEX "cases_clinic_status_idx";--> statement-breakpoint
DROP INDEX "webhook_logs_clinic_received_idx";--> statement-breakpoint
DROP INDEX "patients_clinic_created_idx";--> statement-breakpoint
DROP INDEX "reviews_clinic_date_idx";--> statement-breakpoint
CREATE INDEX "cases_clinic_patient_idx" ON "cases" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "communications_clinic_sent_or_created_idx" ON "patient_communications" USING btree ("clinic_id",coalesce("sent_at", "created_at") desc,"id");--> statement-breakpoint
CREATE INDEX "communications_clinic_patient_idx" ON "patient_communications" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "webhook_logs_clinic_patient_idx" ON "webhook_logs" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "cases_clinic_created_idx" ON "cases" USING btree ("clinic_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "cases_clinic_status_idx" ON "cases" USING btree ("clinic_id","status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "webhook_logs_clinic_received_idx" ON "webhook_logs" USING btree ("clinic_id","webhook_type","received_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "patients_clinic_created_idx" ON "patients" USING btree ("clinic_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "reviews_clinic_date_idx" ON "reviews" USING btree ("clinic_id","review_date" DESC NULLS FIRST,"id");