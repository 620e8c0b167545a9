-- Billing runs in the background (issue 26): status, progress against the members to bill, the cursor to go on from, a heartbeat; one open at a time.
ALTER TABLE "billing_runs" ADD COLUMN "status" text DEFAULT 'finished' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD COLUMN "to_bill_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD COLUMN "cursor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_one_open_key" ON "billing_runs" USING btree ((true)) WHERE "billing_runs"."status" in ('queued', 'running');