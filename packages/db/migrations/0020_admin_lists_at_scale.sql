-- The back office at a board's size (issue 26): indexes for the members and money lists, and the ledger's day totals kept by a statement trigger that only appends deltas (the totals job folds them in).
CREATE TABLE "ledger_day_totals" (
	"document_type" text NOT NULL,
	"purpose" text NOT NULL,
	"document_date" date NOT NULL,
	"n" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"remaining_cents" bigint NOT NULL,
	"open_n" bigint NOT NULL,
	"open_amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_day_totals_document_type_purpose_document_date_pk" PRIMARY KEY("document_type","purpose","document_date")
);
--> statement-breakpoint
CREATE TABLE "ledger_total_deltas" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"purpose" text NOT NULL,
	"document_date" date NOT NULL,
	"n" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"remaining_cents" bigint NOT NULL,
	"open_n" bigint NOT NULL,
	"open_amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_type_date_idx" ON "ledger_entries" USING btree ("document_type","document_date","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_open_invoices_idx" ON "ledger_entries" USING btree ("document_date","id") WHERE "ledger_entries"."document_type" = 'Invoice' and "ledger_entries"."remaining_cents" > 0;--> statement-breakpoint
CREATE INDEX "memberships_member_no_upper_idx" ON "memberships" USING btree (upper("member_no"));--> statement-breakpoint
CREATE INDEX "memberships_category_idx" ON "memberships" USING btree ("category_code","member_no");--> statement-breakpoint
CREATE INDEX "memberships_status_idx" ON "memberships" USING btree ("status","member_no");--> statement-breakpoint
CREATE INDEX "profiles_id_no_idx" ON "profiles" USING btree (upper("identification_document_no"));--> statement-breakpoint
CREATE INDEX "profiles_email_idx" ON "profiles" USING btree (lower("email"));--> statement-breakpoint
CREATE FUNCTION ledger_totals_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_total_deltas (document_type, purpose, document_date, n, amount_cents, remaining_cents, open_n, open_amount_cents)
    SELECT document_type, coalesce(purpose, ''), document_date, count(*), sum(amount_cents), sum(remaining_cents),
      count(*) FILTER (WHERE remaining_cents <> 0), coalesce(sum(amount_cents) FILTER (WHERE remaining_cents <> 0), 0)
    FROM new_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO ledger_total_deltas (document_type, purpose, document_date, n, amount_cents, remaining_cents, open_n, open_amount_cents)
    SELECT document_type, purpose, document_date, sum(n), sum(amount_cents), sum(remaining_cents), sum(open_n), sum(open_amount_cents)
    FROM (
      SELECT document_type, coalesce(purpose, '') AS purpose, document_date, 1 AS n, amount_cents, remaining_cents,
        CASE WHEN remaining_cents <> 0 THEN 1 ELSE 0 END AS open_n, CASE WHEN remaining_cents <> 0 THEN amount_cents ELSE 0 END AS open_amount_cents
      FROM new_rows
      UNION ALL
      SELECT document_type, coalesce(purpose, ''), document_date, -1, -amount_cents, -remaining_cents,
        CASE WHEN remaining_cents <> 0 THEN -1 ELSE 0 END, CASE WHEN remaining_cents <> 0 THEN -amount_cents ELSE 0 END
      FROM old_rows
    ) changes
    GROUP BY 1, 2, 3
    HAVING sum(n) <> 0 OR sum(amount_cents) <> 0 OR sum(remaining_cents) <> 0 OR sum(open_n) <> 0 OR sum(open_amount_cents) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_totals_on_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_delta();
--> statement-breakpoint
CREATE TRIGGER ledger_totals_on_update AFTER UPDATE ON ledger_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_delta();
--> statement-breakpoint
INSERT INTO ledger_day_totals (document_type, purpose, document_date, n, amount_cents, remaining_cents, open_n, open_amount_cents)
SELECT document_type, coalesce(purpose, ''), document_date, count(*), sum(amount_cents), sum(remaining_cents),
  count(*) FILTER (WHERE remaining_cents <> 0), coalesce(sum(amount_cents) FILTER (WHERE remaining_cents <> 0), 0)
FROM ledger_entries GROUP BY 1, 2, 3;
