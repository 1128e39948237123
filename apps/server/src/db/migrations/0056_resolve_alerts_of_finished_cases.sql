-- A reply alert now ends when the patient's reply case is resolved or closed (cases.repository.ts).
-- Alerts of cases finished before that stayed active and kept their patients at risk: end them at
-- the time their patient's last reply case finished, and mark those patients for the risk backfill.
UPDATE "patients" p SET "risk_computed_at" = NULL
WHERE EXISTS (
    SELECT 1 FROM "alerts" a
    WHERE a."clinic_id" = p."clinic_id" AND a."patient_id" = p."id" AND a."status" = 'active')
  AND NOT EXISTS (
    SELECT 1 FROM "cases" c
    WHERE c."clinic_id" = p."clinic_id" AND c."patient_id" = p."id" AND c."source" = 'alert'
      AND c."status" NOT IN ('resolved', 'closed'));--> statement-breakpoint
UPDATE "alerts" a SET "status" = 'resolved',
  "resolved_at" = coalesce((
    SELECT max(coalesce(c."resolved_at", c."updated_at")) FROM "cases" c
    WHERE c."clinic_id" = a."clinic_id" AND c."patient_id" = a."patient_id" AND c."source" = 'alert'), now())
WHERE a."status" = 'active' AND a."patient_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "cases" c
    WHERE c."clinic_id" = a."clinic_id" AND c."patient_id" = a."patient_id" AND c."source" = 'alert'
      AND c."status" NOT IN ('resolved', 'closed'));
