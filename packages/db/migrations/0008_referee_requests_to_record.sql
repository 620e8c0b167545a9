-- Requests made before this migration went to the address the applicant typed: they keep sent_to_record = false,
-- and the start-up step (apps/api/src/modules/referees/to-record.ts) re-sends the live ones to the record.
ALTER TABLE "referee_requests" ADD COLUMN "referee_phone" text;--> statement-breakpoint
ALTER TABLE "referee_requests" ADD COLUMN "sent_to_record" boolean DEFAULT false NOT NULL;
