DROP INDEX "communications_clinic_patient_idx";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "patient_procedure" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "patient_procedure" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "patient_procedure" text;--> statement-breakpoint
CREATE INDEX "alerts_clinic_patient_idx" ON "alerts" USING btree ("clinic_id","patient_id");--> statement-breakpoint
CREATE INDEX "alerts_clinic_reply_created_idx" ON "alerts" USING btree ("clinic_id","created_at") WHERE "alerts"."kind" in ('negative_reply', 'clinical_reply');--> statement-breakpoint
CREATE INDEX "communications_clinic_patient_sent_idx" ON "patient_communications" USING btree ("clinic_id","patient_id","sent_at","kind");--> statement-breakpoint
CREATE INDEX "patients_clinic_sms_opt_out_idx" ON "patients" USING btree ("clinic_id","sms_opted_out_at") WHERE "patients"."sms_opted_out_at" is not null;--> statement-breakpoint
CREATE INDEX "patients_clinic_whatsapp_opt_out_idx" ON "patients" USING btree ("clinic_id","whatsapp_opted_out_at") WHERE "patients"."whatsapp_opted_out_at" is not null;--> statement-breakpoint
-- A review's, a case's and an alert's patient_procedure is its patient's procedure (null without a
-- patient), so the analytics read it with the row instead of scanning the clinic's patients. Set from
-- the patient when the row is written or re-linked to another patient...
CREATE FUNCTION copy_patient_procedure() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  NEW.patient_procedure := (SELECT p.procedure FROM patients p WHERE p.clinic_id = NEW.clinic_id AND p.id = NEW.patient_id);
  RETURN NEW;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER reviews_copy_patient_procedure BEFORE INSERT OR UPDATE OF patient_id, patient_procedure ON reviews FOR EACH ROW EXECUTE FUNCTION copy_patient_procedure();
--> statement-breakpoint
CREATE TRIGGER cases_copy_patient_procedure BEFORE INSERT OR UPDATE OF patient_id, patient_procedure ON cases FOR EACH ROW EXECUTE FUNCTION copy_patient_procedure();
--> statement-breakpoint
CREATE TRIGGER alerts_copy_patient_procedure BEFORE INSERT OR UPDATE OF patient_id, patient_procedure ON alerts FOR EACH ROW EXECUTE FUNCTION copy_patient_procedure();
--> statement-breakpoint
-- ...and followed when the patient's procedure changes (one statement per table, whatever the number
-- of patients changed; the rows' own trigger reads the patient's new procedure).
CREATE FUNCTION follow_patient_procedure() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.clinic_id = o.clinic_id AND n.id = o.id
    WHERE n.procedure IS DISTINCT FROM o.procedure
  ) THEN RETURN NULL; END IF;
  UPDATE reviews r SET patient_procedure = n.procedure
  FROM old_rows o JOIN new_rows n ON n.clinic_id = o.clinic_id AND n.id = o.id AND n.procedure IS DISTINCT FROM o.procedure
  WHERE r.clinic_id = n.clinic_id AND r.patient_id = n.id;
  UPDATE cases k SET patient_procedure = n.procedure
  FROM old_rows o JOIN new_rows n ON n.clinic_id = o.clinic_id AND n.id = o.id AND n.procedure IS DISTINCT FROM o.procedure
  WHERE k.clinic_id = n.clinic_id AND k.patient_id = n.id;
  UPDATE alerts a SET patient_procedure = n.procedure
  FROM old_rows o JOIN new_rows n ON n.clinic_id = o.clinic_id AND n.id = o.id AND n.procedure IS DISTINCT FROM o.procedure
  WHERE a.clinic_id = n.clinic_id AND a.patient_id = n.id;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER patients_procedure_followed AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_patient_procedure();
--> statement-breakpoint
-- Rows whose kept procedure is not their patient's (tests expect none).
CREATE FUNCTION patient_procedures_out_of_step() RETURNS TABLE (table_name text, clinic_id text, id text)
LANGUAGE sql STABLE AS $f$
  SELECT 'reviews', r.clinic_id, r.id FROM reviews r LEFT JOIN patients p ON p.clinic_id = r.clinic_id AND p.id = r.patient_id
  WHERE r.patient_procedure IS DISTINCT FROM p.procedure
  UNION ALL
  SELECT 'cases', k.clinic_id, k.id FROM cases k LEFT JOIN patients p ON p.clinic_id = k.clinic_id AND p.id = k.patient_id
  WHERE k.patient_procedure IS DISTINCT FROM p.procedure
  UNION ALL
  SELECT 'alerts', a.clinic_id, a.id FROM alerts a LEFT JOIN patients p ON p.clinic_id = a.clinic_id AND p.id = a.patient_id
  WHERE a.patient_procedure IS DISTINCT FROM p.procedure
$f$;
--> statement-breakpoint
UPDATE reviews r SET patient_procedure = p.procedure FROM patients p WHERE p.clinic_id = r.clinic_id AND p.id = r.patient_id AND p.procedure IS NOT NULL;
--> statement-breakpoint
UPDATE cases k SET patient_procedure = p.procedure FROM patients p WHERE p.clinic_id = k.clinic_id AND p.id = k.patient_id AND p.procedure IS NOT NULL;
--> statement-breakpoint
UPDATE alerts a SET patient_procedure = p.procedure FROM patients p WHERE p.clinic_id = a.clinic_id AND p.id = a.patient_id AND p.procedure IS NOT NULL;
