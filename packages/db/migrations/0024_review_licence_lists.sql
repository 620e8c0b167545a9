-- The review queue and the licence register at a board's size (issue 26): each order's index carries the filters' columns, so pages and counts are read from the index alone; applications by profile for member-number and name searches.
CREATE INDEX "applications_date_idx" ON "applications" USING btree ("application_date_time","code","status","submitted","returned_at","kind","applied_category");--> statement-breakpoint
CREATE INDEX "applications_status_date_idx" ON "applications" USING btree ("status","application_date_time","code","submitted","returned_at","kind","applied_category");--> statement-breakpoint
CREATE INDEX "applications_waiting_idx" ON "applications" USING btree ("submitted_at","code","status","kind","applied_category") WHERE submitted and status in ('Open', 'Verified', 'Committee Review', 'Board Review');--> statement-breakpoint
CREATE INDEX "applications_profile_idx" ON "applications" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "licenses_year_idx" ON "licenses" USING btree ("year","created_at","license_no","status");--> statement-breakpoint
CREATE INDEX "licenses_status_idx" ON "licenses" USING btree ("status","year","created_at","license_no");