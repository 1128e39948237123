DROP INDEX "credential_health_clinic_idx";--> statement-breakpoint
CREATE INDEX "client_actions_clinic_created_idx" ON "client_actions" USING btree ("clinic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_clinic_created_idx" ON "error_logs" USING btree ("clinic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "performance_metrics_clinic_metric_idx" ON "performance_metrics" USING btree ("clinic_id","metric","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_actions_clinic_created_idx" ON "user_actions" USING btree ("clinic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credential_health_clinic_idx" ON "credential_health" USING btree ("clinic_id","credential_type","checked_at" DESC NULLS LAST);