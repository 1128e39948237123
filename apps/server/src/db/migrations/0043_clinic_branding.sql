CREATE TABLE "clinic_branding" (
	"clinic_id" text PRIMARY KEY NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"logo_bytes" integer,
	"logo_updated_at" timestamp with time zone,
	"brand_color" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_branding_logo_check" CHECK (("clinic_branding"."logo" is null and "clinic_branding"."logo_type" is null and "clinic_branding"."logo_bytes" is null and "clinic_branding"."logo_updated_at" is null) or ("clinic_branding"."logo" is not null and "clinic_branding"."logo_type" in ('image/png', 'image/jpeg', 'image/webp') and "clinic_branding"."logo_bytes" between 1 and 307200 and "clinic_branding"."logo_updated_at" is not null)),
	CONSTRAINT "clinic_branding_color_check" CHECK ("clinic_branding"."brand_color" is null or "clinic_branding"."brand_color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "clinic_branding" ADD CONSTRAINT "clinic_branding_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;