CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"section" text NOT NULL,
	"entry_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "disability" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pwd_card_no" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "disability_description" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "practicing_firm" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "specialization" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "id_file_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "picture_file_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_entries" ADD CONSTRAINT "profile_entries_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_profile_idx" ON "files" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_entries_entry_key" ON "profile_entries" USING btree ("profile_id","section","entry_no");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_file_id_files_id_fk" FOREIGN KEY ("id_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_picture_file_id_files_id_fk" FOREIGN KEY ("picture_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Workplaces recorded on profiles before work experience was a list become its first entry.
INSERT INTO "profile_entries" ("profile_id", "section", "entry_no", "data")
SELECT "profile_id", 'work-experience', 1, jsonb_build_object(
	'PositionHeld', coalesce("current_position", ''), 'Sector', '', 'ResponsibilitiesDescription', '',
	'NameOfFirm', "current_workplace", 'FromDate', '', 'ToDate', '', 'Current', true)
FROM "profiles" WHERE coalesce("current_workplace", '') <> '';--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "picture_key";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "current_workplace";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "current_position";