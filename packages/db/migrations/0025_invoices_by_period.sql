-- The invoices list filtered by a subscription period, newest first, from the subscriptions' index (issue 26).
CREATE INDEX "subscriptions_period_idx" ON "subscriptions" USING btree ("period","id");