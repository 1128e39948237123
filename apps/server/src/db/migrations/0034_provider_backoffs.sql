CREATE TABLE "provider_backoffs" (
	"clinic_id" text NOT NULL,
	"provider" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"strikes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_backoffs_clinic_id_provider_pk" PRIMARY KEY("clinic_id","provider")
);
--> statement-breakpoint
ALTER TABLE "provider_backoffs" ADD CONSTRAINT "provider_backoffs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;