CREATE TABLE "qa_case_results" (
	"clinic_id" text NOT NULL,
	"case_id" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"tested_at" timestamp with time zone,
	"tested_by_user_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_case_results_clinic_id_case_id_pk" PRIMARY KEY("clinic_id","case_id"),
	CONSTRAINT "qa_case_results_case_check" CHECK ("qa_case_results"."case_id" in ('auth-signup-confirm', 'auth-lockout-reset', 'patients-add-edit', 'patients-csv-import', 'comms-test-message', 'comms-opt-out', 'security-tenant-isolation', 'security-two-factor', 'performance-page-load', 'integrations-review-sync', 'integrations-inbound-webhook', 'mobile-small-screen'))
);
--> statement-breakpoint
ALTER TABLE "qa_case_results" ADD CONSTRAINT "qa_case_results_tested_by_user_id_users_id_fk" FOREIGN KEY ("tested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_case_results" ADD CONSTRAINT "qa_case_results_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;