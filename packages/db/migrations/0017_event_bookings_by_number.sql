-- An event's bookings paged by booking number in the back office (issue 26).
CREATE INDEX "event_bookings_event_no_idx" ON "event_bookings" USING btree ("event_no","booking_no");