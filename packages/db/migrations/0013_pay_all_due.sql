-- Paying everything due at once (issue 28): a payment names ALL-DUE and keeps the invoices it was started for.
ALTER TABLE "payments" ADD COLUMN "covers" jsonb;