DROP INDEX "security_audit_clinic_idx";--> statement-breakpoint
DROP INDEX "user_actions_clinic_created_idx";--> statement-breakpoint
CREATE INDEX "security_audit_clinic_idx" ON "security_audit_log" USING btree ("clinic_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "user_actions_clinic_created_idx" ON "user_actions" USING btree ("clinic_id","created_at" DESC NULLS FIRST,"id");