CREATE TABLE "license_reminders" (
	"profile_id" text NOT NULL,
	"year" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_reminders_profile_id_year_pk" PRIMARY KEY("profile_id","year")
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"license_no" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text,
	"application_code" text NOT NULL,
	"category_code" text NOT NULL,
	"year" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_status_check" CHECK ("licenses"."status" in ('Active', 'Suspended', 'Revoked', 'Lapsed')),
	CONSTRAINT "licenses_dates_check" CHECK ("licenses"."valid_from" <= "licenses"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "membership_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text NOT NULL,
	"from_category" text NOT NULL,
	"to_category" text NOT NULL,
	"application_code" text,
	"changed_on" date NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_plans" (
	"code" text PRIMARY KEY NOT NULL,
	"to_category" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"from_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "kind" text DEFAULT 'Registration' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "from_category" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "license_year" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "signed_file_id" uuid;--> statement-breakpoint
ALTER TABLE "license_reminders" ADD CONSTRAINT "license_reminders_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_application_code_applications_code_fk" FOREIGN KEY ("application_code") REFERENCES "public"."applications"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_changes" ADD CONSTRAINT "membership_changes_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_changes" ADD CONSTRAINT "membership_changes_application_code_applications_code_fk" FOREIGN KEY ("application_code") REFERENCES "public"."applications"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_plans" ADD CONSTRAINT "upgrade_plans_to_category_membership_categories_code_fk" FOREIGN KEY ("to_category") REFERENCES "public"."membership_categories"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_profile_year_key" ON "licenses" USING btree ("profile_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_application_key" ON "licenses" USING btree ("application_code");--> statement-breakpoint
CREATE INDEX "licenses_current_idx" ON "licenses" USING btree ("profile_id") WHERE status = 'Active';--> statement-breakpoint
CREATE INDEX "membership_changes_profile_idx" ON "membership_changes" USING btree ("profile_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_changes_application_key" ON "membership_changes" USING btree ("application_code");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_kind_profile_idx" ON "applications" USING btree ("kind","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_live_upgrade_key" ON "applications" USING btree ("profile_id") WHERE kind = 'Upgrade' and status not in ('Released', 'Rejected');--> statement-breakpoint
CREATE UNIQUE INDEX "applications_licence_year_key" ON "applications" USING btree ("profile_id","license_year") WHERE kind = 'Licence' and status <> 'Rejected';