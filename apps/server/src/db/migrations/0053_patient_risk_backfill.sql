-- Patients that exist now were created before risk levels: null marks them for the backfill job.
-- New patients are computed from their first event on, so they start with now().
ALTER TABLE "patients" ADD COLUMN "risk_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "risk_computed_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "patients_risk_not_computed_idx" ON "patients" USING btree ("clinic_id","id") WHERE "patients"."risk_computed_at" is null;
