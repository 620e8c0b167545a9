-- Each member's arrears kept as the ledger changes (issue 26): recomputed per statement for the members it touched, and for the members whose invoices fell due when the date moves on; member number and category follow their tables.
CREATE TABLE "arrears_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"on_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_arrears" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"member_no" text,
	"category_code" text,
	"arrears_cents" bigint NOT NULL,
	"overdue_count" integer NOT NULL,
	"oldest_due_date" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_arrears_order_idx" ON "member_arrears" USING btree ("arrears_cents" DESC NULLS LAST,"member_no") WHERE "member_arrears"."member_no" is not null;--> statement-breakpoint
CREATE INDEX "member_arrears_category_idx" ON "member_arrears" USING btree ("category_code","arrears_cents" DESC NULLS LAST,"member_no") WHERE "member_arrears"."member_no" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_open_due_idx" ON "ledger_entries" USING btree ("due_date","profile_id") WHERE "ledger_entries"."document_type" = 'Invoice' and "ledger_entries"."remaining_cents" > 0;--> statement-breakpoint
CREATE FUNCTION member_arrears_refresh(ids text[], on_date date) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT e.profile_id, sum(e.remaining_cents) AS arrears, count(*)::int AS overdue, min(e.due_date) AS oldest
    FROM ledger_entries e
    WHERE e.profile_id = ANY(ids) AND e.document_type = 'Invoice' AND e.remaining_cents > 0 AND e.due_date < on_date
    GROUP BY e.profile_id
  ), gone AS (
    DELETE FROM member_arrears a
    WHERE a.profile_id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.profile_id = a.profile_id)
  )
  INSERT INTO member_arrears AS a (profile_id, member_no, category_code, arrears_cents, overdue_count, oldest_due_date)
  SELECT f.profile_id, p.member_no,
    (SELECT m.category_code FROM memberships m WHERE m.profile_id = f.profile_id ORDER BY m.id DESC LIMIT 1),
    f.arrears, f.overdue, f.oldest
  FROM fresh f JOIN profiles p ON p.profile_id = f.profile_id
  ORDER BY f.profile_id
  ON CONFLICT (profile_id) DO UPDATE SET member_no = excluded.member_no, category_code = excluded.category_code,
    arrears_cents = excluded.arrears_cents, overdue_count = excluded.overdue_count, oldest_due_date = excluded.oldest_due_date;
$$;
--> statement-breakpoint
CREATE FUNCTION member_arrears_on_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
  ids text[];
BEGIN
  ids := ARRAY(SELECT DISTINCT profile_id FROM new_rows WHERE document_type = 'Invoice');
  IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
  -- Shared: postings go on side by side; the reader moving the date on waits for them, and they for it.
  SELECT on_date INTO d FROM arrears_state WHERE id = 1 FOR SHARE;
  IF d IS NOT NULL THEN PERFORM member_arrears_refresh(ids, d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_arrears_on_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_arrears_on_ledger();
--> statement-breakpoint
CREATE TRIGGER member_arrears_on_update AFTER UPDATE ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_arrears_on_ledger();
--> statement-breakpoint
CREATE FUNCTION member_arrears_on_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_arrears SET member_no = NEW.member_no WHERE profile_id = NEW.profile_id AND member_no IS DISTINCT FROM NEW.member_no;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_arrears_member_no AFTER UPDATE OF member_no ON profiles FOR EACH ROW EXECUTE FUNCTION member_arrears_on_profile();
--> statement-breakpoint
CREATE FUNCTION member_arrears_on_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_arrears SET category_code = NEW.category_code
  WHERE profile_id = NEW.profile_id AND category_code IS DISTINCT FROM NEW.category_code
    AND NEW.id = (SELECT max(id) FROM memberships WHERE profile_id = NEW.profile_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_arrears_category AFTER INSERT OR UPDATE OF category_code ON memberships FOR EACH ROW
  EXECUTE FUNCTION member_arrears_on_membership();
--> statement-breakpoint
INSERT INTO arrears_state (id, on_date) VALUES (1, (now() AT TIME ZONE 'UTC' + interval '3 hours')::date);
--> statement-breakpoint
SELECT member_arrears_refresh(ARRAY(SELECT DISTINCT profile_id FROM ledger_entries WHERE document_type = 'Invoice' AND remaining_cents > 0),
  (now() AT TIME ZONE 'UTC' + interval '3 hours')::date);
