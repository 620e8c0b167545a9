CREATE TABLE "campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text,
	"address" text,
	"status" text NOT NULL,
	"reason" text,
	"handed_at" timestamp with time zone,
	"outbox_id" integer,
	"provider_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_recipients_campaign_id_profile_id_pk" PRIMARY KEY("campaign_id","profile_id"),
	CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" in ('queued', 'handed', 'sent', 'failed', 'bounced', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"segment" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"bounced_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_channel_check" CHECK ("campaigns"."channel" in ('email', 'sms')),
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'sending', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "consent_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"channel" text NOT NULL,
	"opted_in" boolean NOT NULL,
	"source" text NOT NULL,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_status_idx" ON "campaign_recipients" USING btree ("campaign_id","status","member_no");--> statement-breakpoint
CREATE INDEX "campaign_recipients_handed_idx" ON "campaign_recipients" USING btree ("handed_at") WHERE "campaign_recipients"."handed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_outbox_key" ON "campaign_recipients" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_provider_idx" ON "campaign_recipients" USING btree ("provider_id") WHERE "campaign_recipients"."provider_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_no_key" ON "campaigns" USING btree ("no");--> statement-breakpoint
CREATE INDEX "campaigns_list_idx" ON "campaigns" USING btree ("id");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("status","send_at") WHERE "campaigns"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "consent_changes_profile_idx" ON "consent_changes" USING btree ("profile_id","channel","id");