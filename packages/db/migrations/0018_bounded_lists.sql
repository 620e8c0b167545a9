-- Bounded lists (issue 26): the CPD queue, the administrators' events and the billing runs, paged in the order these indexes keep.
DROP INDEX "cpd_activities_status_idx";--> statement-breakpoint
DROP INDEX "events_status_start_idx";--> statement-breakpoint
CREATE INDEX "billing_runs_period_idx" ON "billing_runs" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "cpd_activities_status_created_idx" ON "cpd_activities" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "cpd_activities_queue_idx" ON "cpd_activities" USING btree (("status" <> 'Pending'),"created_at","id");--> statement-breakpoint
CREATE INDEX "events_status_start_no_idx" ON "events" USING btree ("status","start_date","start_time","no");--> statement-breakpoint
CREATE INDEX "events_start_no_idx" ON "events" USING btree ("start_date","start_time","no");