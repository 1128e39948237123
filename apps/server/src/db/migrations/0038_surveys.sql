CREATE TABLE "clinic_survey_settings" (
	"clinic_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"day_after_procedure" integer DEFAULT 3 NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"google_review_url" text,
	"trustpilot_review_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_settings_day_check" CHECK ("clinic_survey_settings"."day_after_procedure" between 1 and 60),
	CONSTRAINT "survey_settings_channel_check" CHECK ("clinic_survey_settings"."channel" in ('sms', 'whatsapp', 'email'))
);
--> statement-breakpoint
CREATE TABLE "survey_requests" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"patient_id" text NOT NULL,
	"procedure" text DEFAULT '' NOT NULL,
	"procedure_date" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"score" integer,
	"comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_requests_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "survey_requests_channel_check" CHECK ("survey_requests"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "survey_requests_score_check" CHECK ("survey_requests"."score" is null or "survey_requests"."score" between 0 and 10),
	CONSTRAINT "survey_requests_answer_check" CHECK (("survey_requests"."answered_at" is null) = ("survey_requests"."score" is null)),
	CONSTRAINT "survey_requests_comment_check" CHECK ("survey_requests"."comment" is null or char_length("survey_requests"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "cases" DROP CONSTRAINT "cases_source_check";--> statement-breakpoint
ALTER TABLE "clinic_survey_settings" ADD CONSTRAINT "clinic_survey_settings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_requests" ADD CONSTRAINT "survey_requests_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_requests" ADD CONSTRAINT "survey_requests_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_requests_token_hash_key" ON "survey_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_requests_patient_procedure_key" ON "survey_requests" USING btree ("clinic_id","patient_id","procedure","procedure_date");--> statement-breakpoint
CREATE INDEX "survey_requests_clinic_answered_idx" ON "survey_requests" USING btree ("clinic_id","answered_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_source_check" CHECK ("cases"."source" in ('alert', 'review', 'manual', 'survey'));