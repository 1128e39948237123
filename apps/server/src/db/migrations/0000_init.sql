CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"first_name" text,
	"last_name" text,
	"two_factor_enabled" boolean DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_automation_configs" (
	"clinic_id" text PRIMARY KEY NOT NULL,
	"whatsapp_enabled" boolean DEFAULT false NOT NULL,
	"whatsapp_secret_name" text,
	"whatsapp_phone_number_id" text,
	"sms_enabled" boolean DEFAULT true NOT NULL,
	"sms_secret_name" text,
	"sms_provider" text DEFAULT 'twilio' NOT NULL,
	"sms_from_number" text,
	"default_channel" text DEFAULT 'sms' NOT NULL,
	"followup_schedule" jsonb DEFAULT '{"1":true,"3":true,"7":true,"14":true,"30":false}'::jsonb NOT NULL,
	"crosssell_enabled" boolean DEFAULT true NOT NULL,
	"crosssell_delay_days" integer DEFAULT 30 NOT NULL,
	"ai_review_response_enabled" boolean DEFAULT false NOT NULL,
	"ai_review_response_threshold" integer DEFAULT 3 NOT NULL,
	"ai_review_response_delay_hours" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_sms_provider_check" CHECK ("clinic_automation_configs"."sms_provider" in ('twilio', 'aws_sns', 'vonage')),
	CONSTRAINT "automation_default_channel_check" CHECK ("clinic_automation_configs"."default_channel" in ('sms', 'whatsapp')),
	CONSTRAINT "automation_crosssell_delay_check" CHECK ("clinic_automation_configs"."crosssell_delay_days" between 1 and 365),
	CONSTRAINT "automation_ai_threshold_check" CHECK ("clinic_automation_configs"."ai_review_response_threshold" between 1 and 3),
	CONSTRAINT "automation_ai_delay_check" CHECK ("clinic_automation_configs"."ai_review_response_delay_hours" in (1, 2, 4, 8, 24))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"template_name" text NOT NULL,
	"template_body" text NOT NULL,
	"template_type" text DEFAULT 'whatsapp' NOT NULL,
	"category" text,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "message_templates_type_check" CHECK ("message_templates"."template_type" in ('sms', 'whatsapp')),
	CONSTRAINT "message_templates_language_check" CHECK ("message_templates"."language" in ('en', 'es', 'tr')),
	CONSTRAINT "message_templates_category_check" CHECK ("message_templates"."category" is null or "message_templates"."category" in ('post_op_care', 'review_request', 'appointment_reminder'))
);
--> statement-breakpoint
CREATE TABLE "onboarding_progress" (
	"clinic_id" text PRIMARY KEY NOT NULL,
	"step_completed" integer DEFAULT 0 NOT NULL,
	"clinic_profile_completed" boolean DEFAULT false NOT NULL,
	"whatsapp_setup_completed" boolean DEFAULT false NOT NULL,
	"sms_setup_completed" boolean DEFAULT false NOT NULL,
	"templates_setup_completed" boolean DEFAULT false NOT NULL,
	"wizard_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"patient_id" text,
	"severity" text NOT NULL,
	"kind" text DEFAULT 'negative_reply' NOT NULL,
	"message" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "alerts_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "alerts_severity_check" CHECK ("alerts"."severity" in ('high', 'medium', 'low')),
	CONSTRAINT "alerts_status_check" CHECK ("alerts"."status" in ('active', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "case_notes" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"case_id" text NOT NULL,
	"author_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_notes_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"patient_id" text,
	"title" text NOT NULL,
	"description" text,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone,
	"owner_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "cases_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "cases_source_check" CHECK ("cases"."source" in ('alert', 'review', 'manual')),
	CONSTRAINT "cases_severity_check" CHECK ("cases"."severity" in ('high', 'medium', 'low')),
	CONSTRAINT "cases_status_check" CHECK ("cases"."status" in ('open', 'in_progress', 'resolved', 'closed')),
	CONSTRAINT "cases_resolved_at_check" CHECK ("cases"."status" <> 'resolved' or "cases"."resolved_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "clinic_users" (
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'staff' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_users_clinic_id_user_id_pk" PRIMARY KEY("clinic_id","user_id"),
	CONSTRAINT "clinic_users_role_check" CHECK ("clinic_users"."role" in ('owner', 'admin', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"category" text,
	"subscription_tier" text DEFAULT 'starter' NOT NULL,
	"brand_tone" text DEFAULT 'professional' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"sandbox_mode" text DEFAULT 'off' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_category_check" CHECK ("clinics"."category" is null or "clinics"."category" in ('dental', 'hair_transplant', 'plastic_surgery')),
	CONSTRAINT "clinics_tier_check" CHECK ("clinics"."subscription_tier" in ('starter', 'professional', 'enterprise', 'premium')),
	CONSTRAINT "clinics_sandbox_check" CHECK ("clinics"."sandbox_mode" in ('on', 'off'))
);
--> statement-breakpoint
CREATE TABLE "patient_communications" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"patient_id" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text DEFAULT 'followup' NOT NULL,
	"schedule_day" integer,
	"message_content" text NOT NULL,
	"delivery_status" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"provider_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"response_received" boolean DEFAULT false NOT NULL,
	"response_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_communications_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "communications_channel_check" CHECK ("patient_communications"."channel" in ('sms', 'whatsapp')),
	CONSTRAINT "communications_kind_check" CHECK ("patient_communications"."kind" in ('followup', 'crosssell', 'test', 'reply', 'consent')),
	CONSTRAINT "communications_status_check" CHECK ("patient_communications"."delivery_status" in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"webhook_type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"patient_id" text,
	"patient_phone" text,
	"message_content" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_logs_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "webhook_logs_type_check" CHECK ("webhook_logs"."webhook_type" in ('inbound_message', 'status_callback')),
	CONSTRAINT "webhook_logs_provider_check" CHECK ("webhook_logs"."provider" in ('twilio', 'whatsapp', 'vonage', 'aws_sns'))
);
--> statement-breakpoint
CREATE TABLE "credential_health" (
	"id" text PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"credential_type" text NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_health_status_check" CHECK ("credential_health"."status" in ('healthy', 'unhealthy', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"user_id" text,
	"error_type" text NOT NULL,
	"error_message" text,
	"error_stack" text,
	"component_stack" text,
	"error_id" text,
	"url" text,
	"user_agent" text,
	"additional_context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_metrics" (
	"id" text PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"user_id" text,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"url" text,
	"context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"user_id" text,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"risk_level" text NOT NULL,
	"ip_address" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_audit_risk_check" CHECK ("security_audit_log"."risk_level" in ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "user_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"user_id" text,
	"action" text NOT NULL,
	"url" text,
	"context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"procedure" text,
	"status" text DEFAULT 'active' NOT NULL,
	"comment" text,
	"language" text,
	"procedure_date" timestamp with time zone,
	"last_check" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "patients_status_check" CHECK ("patients"."status" in ('active', 'completed', 'watch', 'red')),
	CONSTRAINT "patients_name_check" CHECK (length(trim("patients"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "enterprise_contact_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"company_name" text NOT NULL,
	"estimated_monthly_volume" integer,
	"current_solution" text,
	"specific_requirements" text,
	"preferred_contract_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_contract_type_check" CHECK ("enterprise_contact_requests"."preferred_contract_type" is null or "enterprise_contact_requests"."preferred_contract_type" in ('growth', 'enterprise', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_review_id" text NOT NULL,
	"patient_id" text,
	"rating" integer NOT NULL,
	"title" text,
	"review_text" text,
	"reviewer_name" text,
	"language" text,
	"review_date" timestamp with time zone NOT NULL,
	"match_status" text DEFAULT 'unmatched' NOT NULL,
	"match_confidence" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_provider_check" CHECK ("reviews"."provider" in ('trustpilot', 'google')),
	CONSTRAINT "reviews_match_status_check" CHECK ("reviews"."match_status" in ('matched', 'multiple_matches', 'unmatched'))
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"clinic_id" text NOT NULL,
	"name" text NOT NULL,
	"ciphertext" text NOT NULL,
	"iv" text NOT NULL,
	"auth_tag" text NOT NULL,
	"key_version" text DEFAULT 'v1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "secrets_clinic_id_name_pk" PRIMARY KEY("clinic_id","name")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_automation_configs" ADD CONSTRAINT "clinic_automation_configs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_progress" ADD CONSTRAINT "onboarding_progress_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_clinic_id_case_id_cases_clinic_id_id_fk" FOREIGN KEY ("clinic_id","case_id") REFERENCES "public"."cases"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_users" ADD CONSTRAINT "clinic_users_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_users" ADD CONSTRAINT "clinic_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_communications" ADD CONSTRAINT "patient_communications_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_key" ON "message_templates" USING btree ("clinic_id","template_name","language");--> statement-breakpoint
CREATE INDEX "alerts_clinic_status_idx" ON "alerts" USING btree ("clinic_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_notes_case_idx" ON "case_notes" USING btree ("clinic_id","case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_open_source_key" ON "cases" USING btree ("clinic_id","source","source_id") WHERE "cases"."source_id" is not null and "cases"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "cases_clinic_created_idx" ON "cases" USING btree ("clinic_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cases_clinic_status_idx" ON "cases" USING btree ("clinic_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_users_user_id_key" ON "clinic_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_users_id_key" ON "clinic_users" USING btree ("id");--> statement-breakpoint
CREATE INDEX "clinic_users_clinic_idx" ON "clinic_users" USING btree ("clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communications_schedule_key" ON "patient_communications" USING btree ("clinic_id","patient_id","kind","schedule_day") WHERE "patient_communications"."schedule_day" is not null;--> statement-breakpoint
CREATE INDEX "communications_clinic_sent_idx" ON "patient_communications" USING btree ("clinic_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "communications_provider_msg_idx" ON "patient_communications" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_logs_provider_msg_key" ON "webhook_logs" USING btree ("clinic_id","provider","provider_message_id") WHERE "webhook_logs"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_logs_clinic_received_idx" ON "webhook_logs" USING btree ("clinic_id","webhook_type","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credential_health_clinic_idx" ON "credential_health" USING btree ("clinic_id","credential_type");--> statement-breakpoint
CREATE INDEX "error_logs_created_idx" ON "error_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_clinic_idx" ON "error_logs" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "performance_metrics_created_idx" ON "performance_metrics" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_audit_created_idx" ON "security_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_audit_clinic_idx" ON "security_audit_log" USING btree ("clinic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_audit_risk_idx" ON "security_audit_log" USING btree ("risk_level","created_at" DESC NULLS LAST) WHERE "security_audit_log"."risk_level" = 'critical';--> statement-breakpoint
CREATE INDEX "user_actions_created_idx" ON "user_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_actions_clinic_idx" ON "user_actions" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "patients_clinic_created_idx" ON "patients" USING btree ("clinic_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "patients_clinic_phone_idx" ON "patients" USING btree ("clinic_id","phone");--> statement-breakpoint
CREATE INDEX "patients_clinic_email_idx" ON "patients" USING btree ("clinic_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_provider_review_key" ON "reviews" USING btree ("clinic_id","provider","provider_review_id");--> statement-breakpoint
CREATE INDEX "reviews_clinic_date_idx" ON "reviews" USING btree ("clinic_id","review_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reviews_clinic_patient_idx" ON "reviews" USING btree ("clinic_id","patient_id");