CREATE TABLE "cross_sell_opportunities" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"review_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cross_sell_opportunities_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "cross_sell_opportunities_status_check" CHECK ("cross_sell_opportunities"."status" in ('open', 'messaged', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "cross_sell_opportunities" ADD CONSTRAINT "cross_sell_opportunities_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_sell_opportunities" ADD CONSTRAINT "cross_sell_opportunities_clinic_id_review_id_reviews_clinic_id_id_fk" FOREIGN KEY ("clinic_id","review_id") REFERENCES "public"."reviews"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_sell_opportunities" ADD CONSTRAINT "cross_sell_opportunities_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cross_sell_opportunities_review_key" ON "cross_sell_opportunities" USING btree ("clinic_id","review_id");--> statement-breakpoint
CREATE INDEX "cross_sell_opportunities_clinic_status_idx" ON "cross_sell_opportunities" USING btree ("clinic_id","status","created_at" DESC NULLS LAST);