CREATE TABLE "clinic_procedures" (
	"clinic_id" text NOT NULL,
	"key" text NOT NULL,
	"name_en" text,
	"name_es" text,
	"name_tr" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_procedures_clinic_id_key_pk" PRIMARY KEY("clinic_id","key"),
	CONSTRAINT "clinic_procedures_key_check" CHECK (length(trim("clinic_procedures"."key")) > 0)
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "procedure_original" text;--> statement-breakpoint
ALTER TABLE "clinic_procedures" ADD CONSTRAINT "clinic_procedures_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;