CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_code" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"comment_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"document_no" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"profile_id" text,
	"application_code" text,
	"subject_key" text,
	"holder_name" text NOT NULL,
	"member_no" text,
	"category_code" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "documents_subject_key" UNIQUE NULLS NOT DISTINCT("kind","application_code","subject_key")
);
--> statement-breakpoint
CREATE TABLE "referee_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"entry_no" integer NOT NULL,
	"referee_name" text NOT NULL,
	"referee_email" text NOT NULL,
	"referee_member_no" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"response" text,
	"remarks" text,
	"answers" jsonb,
	"responded_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_comments" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(second_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(member_no, ''))) STORED;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_code_applications_code_fk" FOREIGN KEY ("application_code") REFERENCES "public"."applications"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_code_applications_code_fk" FOREIGN KEY ("application_code") REFERENCES "public"."applications"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referee_requests" ADD CONSTRAINT "referee_requests_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_app_idx" ON "application_events" USING btree ("application_code","at");--> statement-breakpoint
CREATE INDEX "documents_profile_idx" ON "documents" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referee_requests_token_key" ON "referee_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "referee_requests_entry_idx" ON "referee_requests" USING btree ("profile_id","entry_no");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","applied_category");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_member_no_key" ON "memberships" USING btree ("member_no");--> statement-breakpoint
CREATE INDEX "memberships_profile_idx" ON "memberships" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);