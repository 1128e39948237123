CREATE TABLE "upgrade_prompt_dismissals" (
	"clinic_id" text NOT NULL,
	"user_id" text NOT NULL,
	"threshold" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upgrade_prompt_dismissals_clinic_id_user_id_threshold_pk" PRIMARY KEY("clinic_id","user_id","threshold")
);
--> statement-breakpoint
ALTER TABLE "upgrade_prompt_dismissals" ADD CONSTRAINT "upgrade_prompt_dismissals_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;