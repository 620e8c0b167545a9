CREATE TABLE "application_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_code" text NOT NULL,
	"comment" text NOT NULL,
	"display_name" text NOT NULL,
	"hidden_from_applicant" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" text,
	"applied_category" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"application_date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL,
	"assigned_member_no" text,
	"posted_receipt_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_charges" (
	"category_code" text NOT NULL,
	"charge_type" text NOT NULL,
	"currency_code" text DEFAULT 'KES' NOT NULL,
	"amount_including_vat" numeric(14, 2) NOT NULL,
	CONSTRAINT "category_charges_category_code_charge_type_pk" PRIMARY KEY("category_code","charge_type")
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"logo" text NOT NULL,
	"terms_and_conditions" text NOT NULL,
	"project_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disclaimers" (
	"id" serial PRIMARY KEY NOT NULL,
	"disclaimer_type" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_items" (
	"list" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"parent_code" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lookup_items_list_code_pk" PRIMARY KEY("list","code")
);
--> statement-breakpoint
CREATE TABLE "membership_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"category_type" text NOT NULL,
	"can_apply" boolean DEFAULT true NOT NULL,
	"entitled" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text NOT NULL,
	"category_code" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"registration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"profile_id" text,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"type" text DEFAULT 'Individual' NOT NULL,
	"first_name" text NOT NULL,
	"second_name" text,
	"last_name" text NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"identification_document_no" text,
	"email" text,
	"phone_no" text,
	"member_no" text,
	"membership_type" text,
	"discipline" text,
	"titles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"picture_key" text,
	"current_workplace" text,
	"current_position" text,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_code" text NOT NULL,
	"checklist_type" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sequences" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_colors" jsonb NOT NULL,
	"site_installed_packages" jsonb NOT NULL,
	"minor_settings" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"phone_no" text,
	"id_number" text,
	"name" text,
	"password_hash" text NOT NULL,
	"type" text DEFAULT 'Individual' NOT NULL,
	"category" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_approver" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"profile_id" text,
	"email_reminders" smallint DEFAULT 1 NOT NULL,
	"email_updates" smallint DEFAULT 1 NOT NULL,
	"sms_reminders" smallint DEFAULT 1 NOT NULL,
	"sms_updates" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_comments" ADD CONSTRAINT "application_comments_application_code_applications_code_fk" FOREIGN KEY ("application_code") REFERENCES "public"."applications"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applied_category_membership_categories_code_fk" FOREIGN KEY ("applied_category") REFERENCES "public"."membership_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_charges" ADD CONSTRAINT "category_charges_category_code_membership_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."membership_categories"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_category_code_membership_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."membership_categories"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lookup_items_parent_idx" ON "lookup_items" USING btree ("list","parent_code");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_codes_profile_idx" ON "one_time_codes" USING btree ("profile_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_member_no_key" ON "profiles" USING btree ("member_no");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_unique" ON "requirements" USING btree ("category_code","checklist_type","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_profile_id_key" ON "users" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_no");