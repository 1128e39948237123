CREATE TABLE "patient_aliases" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"patient_id" text NOT NULL,
	"alias" text NOT NULL,
	"alias_key" text NOT NULL,
	"review_id" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_aliases_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
ALTER TABLE "patient_aliases" ADD CONSTRAINT "patient_aliases_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_aliases" ADD CONSTRAINT "patient_aliases_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_aliases_patient_key" ON "patient_aliases" USING btree ("clinic_id","patient_id","alias_key");