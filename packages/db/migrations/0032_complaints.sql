CREATE TABLE "complaint_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"stage" text NOT NULL,
	"label" text NOT NULL,
	"reason" text,
	"actor_id" integer,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" integer NOT NULL,
	"party" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"respondent_profile_id" text NOT NULL,
	"respondent_member_no" text NOT NULL,
	"complainant_name" text NOT NULL,
	"complainant_email" text NOT NULL,
	"complainant_phone" text NOT NULL,
	"withhold_identity" boolean DEFAULT false NOT NULL,
	"description" text NOT NULL,
	"incident_date" date NOT NULL,
	"incident_place" text DEFAULT '' NOT NULL,
	"track_token_hash" text NOT NULL,
	"stage" text DEFAULT 'received' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assignee_id" integer,
	"dismissal_reason" text,
	"notice_sent_at" timestamp with time zone,
	"notice_due" date,
	"response" text,
	"responded_at" timestamp with time zone,
	"hearing_at" timestamp with time zone,
	"hearing_panel" text,
	"hearing_minutes" text,
	"outcome" text,
	"decision_from" date,
	"decision_to" date,
	"fine_cents" bigint,
	"fine_invoice_no" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"appeal_until" date,
	"effect_state" text,
	"sanctioned_license_no" text,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_stage_check" CHECK ("complaints"."stage" in ('received', 'preliminary_review', 'notice', 'investigation', 'hearing', 'decided', 'appeal', 'closed', 'dismissed')),
	CONSTRAINT "complaints_outcome_check" CHECK ("complaints"."outcome" is null or "complaints"."outcome" in ('dismissed', 'caution', 'reprimand', 'fine', 'suspension', 'removal')),
	CONSTRAINT "complaints_effect_check" CHECK ("complaints"."effect_state" is null or "complaints"."effect_state" in ('pending', 'applied', 'ended', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_files" ADD CONSTRAINT "complaint_files_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_notes" ADD CONSTRAINT "complaint_notes_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_respondent_profile_id_profiles_profile_id_fk" FOREIGN KEY ("respondent_profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_events_complaint_idx" ON "complaint_events" USING btree ("complaint_id","at");--> statement-breakpoint
CREATE INDEX "complaint_files_complaint_idx" ON "complaint_files" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_notes_complaint_idx" ON "complaint_notes" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_key" ON "complaints" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_stage_idx" ON "complaints" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_respondent_idx" ON "complaints" USING btree ("respondent_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_assignee_idx" ON "complaints" USING btree ("assignee_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_effect_idx" ON "complaints" USING btree ("effect_state","decision_from","decision_to") WHERE "complaints"."effect_state" in ('pending', 'applied');