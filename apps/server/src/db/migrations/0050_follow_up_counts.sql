CREATE TABLE "follow_up_counts" (
	"clinic_id" text NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"procedure" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "follow_up_counts_clinic_id_quarter_channel_procedure_pk" PRIMARY KEY("clinic_id","quarter","channel","procedure")
);
--> statement-breakpoint
ALTER TABLE "follow_up_counts" ADD CONSTRAINT "follow_up_counts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept follow-up counts. What a follow-up counts, as (sent, delivered, failed, replied) over the
-- message `m` and its patient `p`, keyed by clinic, UTC quarter hour, channel and procedure: one
-- place for the triggers and for recounting.
CREATE FUNCTION follow_up_counted(rows_sql text, sign_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    SELECT m.clinic_id, date_bin('15 minutes', m.sent_at, timestamptz '2000-01-01 00:00:00+00') AS quarter,
      m.channel, coalesce(p.procedure, '') AS procedure,
      sum(%2$s)::int AS sent,
      sum(%2$s * (m.delivery_status IN ('delivered', 'read'))::int)::int AS delivered,
      sum(%2$s * (m.delivery_status = 'failed')::int)::int AS failed,
      sum(%2$s * m.response_received::int)::int AS replied
    FROM (%1$s) m
    JOIN patients p ON p.clinic_id = m.clinic_id AND p.id = m.patient_id
    WHERE m.kind = 'followup' AND m.sent_at IS NOT NULL
    GROUP BY 1, 2, 3, 4
  $q$, rows_sql, sign_sql)
$f$;
--> statement-breakpoint
-- The counts as the tables hold them now (the backfill below; tests compare it with the kept ones).
CREATE FUNCTION follow_ups_counted_from_tables()
RETURNS TABLE (clinic_id text, quarter timestamptz, channel text, procedure text, sent int, delivered int, failed int, replied int)
LANGUAGE plpgsql STABLE AS $f$
BEGIN
  RETURN QUERY EXECUTE follow_up_counted('SELECT * FROM patient_communications', '1');
END
$f$;
--> statement-breakpoint
-- A statement on messages adds what its new rows count minus what its old rows counted, one upsert
-- per key however many rows it touched. Messages whose patient is gone (a patient's or a clinic's
-- deletion cascading) are skipped: the patient's own trigger below took them out first.
CREATE FUNCTION keep_follow_up_counts() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  changed_rows text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO follow_up_counts AS kept (clinic_id, quarter, channel, procedure, sent, delivered, failed, replied)
    SELECT * FROM (%s) d WHERE (d.sent, d.delivered, d.failed, d.replied) <> (0, 0, 0, 0)
    ON CONFLICT (clinic_id, quarter, channel, procedure) DO UPDATE SET
      sent = kept.sent + excluded.sent, delivered = kept.delivered + excluded.delivered,
      failed = kept.failed + excluded.failed, replied = kept.replied + excluded.replied
  $q$, follow_up_counted(changed_rows, 'm.sign'));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER communications_follow_up_counts_insert AFTER INSERT ON patient_communications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_follow_up_counts();
--> statement-breakpoint
CREATE TRIGGER communications_follow_up_counts_update AFTER UPDATE ON patient_communications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_follow_up_counts();
--> statement-breakpoint
CREATE TRIGGER communications_follow_up_counts_delete AFTER DELETE ON patient_communications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_follow_up_counts();
--> statement-breakpoint
-- A patient's procedure changing moves their follow-ups from the old procedure's key to the new one.
CREATE FUNCTION move_follow_up_counts() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO follow_up_counts AS kept (clinic_id, quarter, channel, procedure, sent, delivered, failed, replied)
  SELECT m.clinic_id, date_bin('15 minutes', m.sent_at, timestamptz '2000-01-01 00:00:00+00'), m.channel,
    coalesce(moved.procedure, ''),
    sum(moved.sign)::int,
    sum(moved.sign * (m.delivery_status IN ('delivered', 'read'))::int)::int,
    sum(moved.sign * (m.delivery_status = 'failed')::int)::int,
    sum(moved.sign * m.response_received::int)::int
  FROM old_rows o
  JOIN new_rows n ON n.clinic_id = o.clinic_id AND n.id = o.id AND n.procedure IS DISTINCT FROM o.procedure
  CROSS JOIN LATERAL (VALUES (-1, o.procedure), (1, n.procedure)) AS moved(sign, procedure)
  JOIN patient_communications m ON m.clinic_id = n.clinic_id AND m.patient_id = n.id
  WHERE m.kind = 'followup' AND m.sent_at IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (clinic_id, quarter, channel, procedure) DO UPDATE SET
    sent = kept.sent + excluded.sent, delivered = kept.delivered + excluded.delivered,
    failed = kept.failed + excluded.failed, replied = kept.replied + excluded.replied;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER patients_follow_up_counts_update AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_follow_up_counts();
--> statement-breakpoint
-- A patient's messages are deleted by cascade after the patient row is gone, so the patient takes
-- its follow-ups out itself, before (row level: a patient's erasure is rare). A clinic's deletion
-- cascades to its counts; its patients find no clinic and do nothing.
CREATE FUNCTION drop_patient_follow_up_counts() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM clinics WHERE id = OLD.clinic_id) THEN RETURN OLD; END IF;
  UPDATE follow_up_counts kept SET
    sent = kept.sent - d.sent, delivered = kept.delivered - d.delivered,
    failed = kept.failed - d.failed, replied = kept.replied - d.replied
  FROM (
    SELECT date_bin('15 minutes', m.sent_at, timestamptz '2000-01-01 00:00:00+00') AS quarter, m.channel,
      count(*)::int AS sent,
      (count(*) FILTER (WHERE m.delivery_status IN ('delivered', 'read')))::int AS delivered,
      (count(*) FILTER (WHERE m.delivery_status = 'failed'))::int AS failed,
      (count(*) FILTER (WHERE m.response_received))::int AS replied
    FROM patient_communications m
    WHERE m.clinic_id = OLD.clinic_id AND m.patient_id = OLD.id AND m.kind = 'followup' AND m.sent_at IS NOT NULL
    GROUP BY 1, 2
  ) d
  WHERE kept.clinic_id = OLD.clinic_id AND kept.quarter = d.quarter AND kept.channel = d.channel
    AND kept.procedure = coalesce(OLD.procedure, '');
  RETURN OLD;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER patients_follow_up_counts_delete BEFORE DELETE ON patients FOR EACH ROW EXECUTE FUNCTION drop_patient_follow_up_counts();
--> statement-breakpoint
INSERT INTO follow_up_counts SELECT * FROM follow_ups_counted_from_tables();
