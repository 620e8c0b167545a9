CREATE TABLE "cpd_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text,
	"user_id" integer,
	"activity_type" text NOT NULL,
	"description" text NOT NULL,
	"provider" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"hours" numeric(7, 1) NOT NULL,
	"evidence_file_id" uuid,
	"status" text DEFAULT 'Pending' NOT NULL,
	"points_awarded" numeric(7, 1),
	"structured" boolean,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text,
	"source" text NOT NULL,
	"event_no" text,
	"booking_no" text,
	"activity_id" integer,
	"description" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"event_date" date NOT NULL,
	"end_date" date NOT NULL,
	"points" numeric(7, 1) NOT NULL,
	"structured" boolean DEFAULT true NOT NULL,
	"period" text NOT NULL,
	"certificate_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_reminders" (
	"profile_id" text NOT NULL,
	"period" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cpd_reminders_profile_id_period_pk" PRIMARY KEY("profile_id","period")
);
--> statement-breakpoint
CREATE TABLE "cpd_requirements" (
	"category_code" text PRIMARY KEY NOT NULL,
	"annual_points" numeric(7, 1) NOT NULL,
	"structured_points" numeric(7, 1) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_bookings" (
	"booking_no" text PRIMARY KEY NOT NULL,
	"event_no" text NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text,
	"user_id" integer,
	"status" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"invoice_no" text,
	"receipt_no" text,
	"ticket_no" text,
	"attended_at" timestamp with time zone,
	"checked_in_by" integer,
	"cancelled_at" timestamp with time zone,
	"credit_note_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"no" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"location" text NOT NULL,
	"event_type" text NOT NULL,
	"is_webinar" boolean DEFAULT false NOT NULL,
	"cpd_hours" numeric(7, 1) DEFAULT '0' NOT NULL,
	"structured" boolean DEFAULT true NOT NULL,
	"providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_key" text,
	"logo_type" text,
	"capacity" integer,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"booking_deadline" timestamp with time zone,
	"fees" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_seats_check" CHECK ("events"."seats_taken" >= 0 and ("events"."capacity" is null or "events"."seats_taken" <= "events"."capacity"))
);
--> statement-breakpoint
ALTER TABLE "cpd_activities" ADD CONSTRAINT "cpd_activities_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_activities" ADD CONSTRAINT "cpd_activities_evidence_file_id_files_id_fk" FOREIGN KEY ("evidence_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_awards" ADD CONSTRAINT "cpd_awards_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_reminders" ADD CONSTRAINT "cpd_reminders_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_requirements" ADD CONSTRAINT "cpd_requirements_category_code_membership_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."membership_categories"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_event_no_events_no_fk" FOREIGN KEY ("event_no") REFERENCES "public"."events"("no") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpd_activities_profile_idx" ON "cpd_activities" USING btree ("profile_id","start_date");--> statement-breakpoint
CREATE INDEX "cpd_activities_status_idx" ON "cpd_activities" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_awards_booking_key" ON "cpd_awards" USING btree ("booking_no");--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_awards_activity_key" ON "cpd_awards" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_awards_certificate_key" ON "cpd_awards" USING btree ("certificate_no");--> statement-breakpoint
CREATE INDEX "cpd_awards_profile_period_idx" ON "cpd_awards" USING btree ("profile_id","period");--> statement-breakpoint
CREATE INDEX "cpd_awards_period_idx" ON "cpd_awards" USING btree ("period");--> statement-breakpoint
CREATE UNIQUE INDEX "event_bookings_live_key" ON "event_bookings" USING btree ("event_no","profile_id") WHERE "event_bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "event_bookings_invoice_key" ON "event_bookings" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "event_bookings_profile_idx" ON "event_bookings" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "event_bookings_event_idx" ON "event_bookings" USING btree ("event_no","status");--> statement-breakpoint
CREATE INDEX "events_status_start_idx" ON "events" USING btree ("status","start_date");