-- The audit log's subject and actor searches by trigrams, not by reading a million entries (issue 26).
CREATE INDEX "audit_log_subject_trgm_idx" ON "audit_log" USING gin (lower(coalesce("target", '') || ' ' || coalesce("on_behalf_of_email", '') || ' ' || coalesce("details"->>'email', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_actor_trgm_idx" ON "audit_log" USING gin (lower("actor_email") gin_trgm_ops);--> statement-breakpoint
-- Statistics for the new expressions, so that a search matching most of the log reads it in order instead of through the index.
ANALYZE audit_log;