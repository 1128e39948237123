CREATE TABLE "daily_digest_deliveries" (
	"clinic_id" text NOT NULL,
	"digest_date" date NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"language" text NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "daily_digest_deliveries_clinic_id_digest_date_user_id_pk" PRIMARY KEY("clinic_id","digest_date","user_id"),
	CONSTRAINT "daily_digest_deliveries_status_check" CHECK ("daily_digest_deliveries"."status" in ('sending', 'sent', 'failed')),
	CONSTRAINT "daily_digest_deliveries_sent_check" CHECK ("daily_digest_deliveries"."status" <> 'sent' or "daily_digest_deliveries"."sent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_digest_deliveries" ADD CONSTRAINT "daily_digest_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_digest_deliveries" ADD CONSTRAINT "daily_digest_deliveries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_digest_deliveries_clinic_sent_idx" ON "daily_digest_deliveries" USING btree ("clinic_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" is null or "users"."language" in ('en', 'es', 'tr'));