CREATE TABLE "clinic_counts" (
	"clinic_id" text NOT NULL,
	"counter" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "clinic_counts_clinic_id_counter_pk" PRIMARY KEY("clinic_id","counter")
);
--> statement-breakpoint
ALTER TABLE "clinic_counts" ADD CONSTRAINT "clinic_counts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_clinic_unfinished_due_idx" ON "cases" USING btree ("clinic_id","due_at") WHERE "cases"."status" not in ('resolved', 'closed');--> statement-breakpoint
-- Kept counts (ADR 009). What each row of a counted table adds to its clinic's counters, as the
-- VALUES list of (counter, n) over the row `r`: one place for the triggers and for recounting.
CREATE FUNCTION clinic_counted(table_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE table_name
    WHEN 'patients' THEN $c$
      ('patients_total', 1), ('patients_active', (r.status = 'active')::int),
      ('patients_completed', (r.status = 'completed')::int), ('patients_watch', (r.status = 'watch')::int),
      ('patients_red', (r.status = 'red')::int)$c$
    WHEN 'reviews' THEN $c$
      ('reviews_total', 1), ('reviews_matched', (r.match_status = 'matched')::int),
      ('reviews_rating_sum', r.rating), ('reviews_low_rated', (r.rating <= 3)::int)$c$
    WHEN 'cases' THEN $c$
      ('cases_total', 1), ('cases_open', (r.status = 'open')::int),
      ('cases_unfinished', (r.status NOT IN ('resolved', 'closed'))::int),
      ('cases_unfinished_high', (r.status NOT IN ('resolved', 'closed') AND r.severity = 'high')::int)$c$
  END
$f$;
--> statement-breakpoint
-- One function for the three tables, three statement-level triggers on each (PostgreSQL takes
-- transition tables only on single-event triggers). A statement adds, per clinic and counter, what
-- its new rows count minus what its old rows counted: one upsert per clinic and counter however
-- many rows it touched (an import of 10,000 patients is one). Rows of a clinic deleted by the same
-- statement (the clinic's own cascade) are not counted back in.
CREATE FUNCTION keep_clinic_counts() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  changed_rows text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO clinic_counts AS kept (clinic_id, counter, value)
    SELECT r.clinic_id, c.counter, sum(r.sign * c.n)
    FROM (%s) r
    CROSS JOIN LATERAL (VALUES %s) AS c(counter, n)
    WHERE EXISTS (SELECT 1 FROM clinics WHERE clinics.id = r.clinic_id)
    GROUP BY r.clinic_id, c.counter
    HAVING sum(r.sign * c.n) <> 0
    ON CONFLICT (clinic_id, counter) DO UPDATE SET value = kept.value + excluded.value
  $q$, changed_rows, clinic_counted(TG_TABLE_NAME));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
-- The counts as the tables hold them now (the backfill below; tests compare it with the kept ones).
CREATE FUNCTION counted_from_tables(table_name text)
RETURNS TABLE (clinic_id text, counter text, value bigint) LANGUAGE plpgsql STABLE AS $f$
BEGIN
  RETURN QUERY EXECUTE format($q$
    SELECT r.clinic_id, c.counter, sum(c.n)::bigint
    FROM %I r CROSS JOIN LATERAL (VALUES %s) AS c(counter, n)
    GROUP BY r.clinic_id, c.counter HAVING sum(c.n) <> 0
  $q$, table_name, clinic_counted(table_name));
END
$f$;
--> statement-breakpoint
CREATE TRIGGER patients_counts_insert AFTER INSERT ON patients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER patients_counts_update AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER patients_counts_delete AFTER DELETE ON patients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER reviews_counts_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER reviews_counts_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER reviews_counts_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER cases_counts_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER cases_counts_update AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
CREATE TRIGGER cases_counts_delete AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_clinic_counts();
--> statement-breakpoint
INSERT INTO clinic_counts (clinic_id, counter, value)
SELECT * FROM counted_from_tables('patients')
UNION ALL SELECT * FROM counted_from_tables('reviews')
UNION ALL SELECT * FROM counted_from_tables('cases');
