CREATE TABLE "baa_requests" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"requested_by_user_id" text,
	"legal_entity_name" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"signatory_email" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baa_requests_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "clinic_data_retention" (
	"clinic_id" text NOT NULL,
	"messages_days" integer,
	"resolved_cases_days" integer,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_applied_at" timestamp with time zone,
	"last_removed" jsonb,
	CONSTRAINT "clinic_data_retention_clinic_id_pk" PRIMARY KEY("clinic_id"),
	CONSTRAINT "clinic_data_retention_messages_days_check" CHECK ("clinic_data_retention"."messages_days" is null or "clinic_data_retention"."messages_days" between 90 and 3650),
	CONSTRAINT "clinic_data_retention_resolved_cases_days_check" CHECK ("clinic_data_retention"."resolved_cases_days" is null or "clinic_data_retention"."resolved_cases_days" between 90 and 3650)
);
--> statement-breakpoint
ALTER TABLE "baa_requests" ADD CONSTRAINT "baa_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baa_requests" ADD CONSTRAINT "baa_requests_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_data_retention" ADD CONSTRAINT "clinic_data_retention_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_data_retention" ADD CONSTRAINT "clinic_data_retention_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baa_requests_clinic_created_idx" ON "baa_requests" USING btree ("clinic_id","created_at" DESC NULLS LAST);