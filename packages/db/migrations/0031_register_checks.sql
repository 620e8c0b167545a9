-- The public register checked by SMS and USSD (issue 29, decision 059): one row per answer, the phone as a keyed hash only; an inbound SMS answered once per Africa's Talking message id.
CREATE TABLE "register_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"provider_id" text,
	"phone_hash" text NOT NULL,
	"query" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_checks_channel_check" CHECK ("register_checks"."channel" in ('sms', 'ussd'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "register_checks_sms_key" ON "register_checks" USING btree ("provider_id") WHERE channel = 'sms';--> statement-breakpoint
CREATE INDEX "register_checks_created_idx" ON "register_checks" USING btree ("created_at");