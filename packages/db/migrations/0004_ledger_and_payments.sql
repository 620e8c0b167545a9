CREATE TABLE "billing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"run_by" integer,
	"billed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_entry_id" integer NOT NULL,
	"credit_entry_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_allocations_positive_check" CHECK ("ledger_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"document_no" text NOT NULL,
	"document_type" text NOT NULL,
	"purpose" text,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"remaining_cents" bigint NOT NULL,
	"external_document_no" text,
	"document_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"due_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_remaining_check" CHECK (("ledger_entries"."document_type" = 'Invoice' and "ledger_entries"."amount_cents" > 0 and "ledger_entries"."remaining_cents" between 0 and "ledger_entries"."amount_cents") or ("ledger_entries"."document_type" <> 'Invoice' and "ledger_entries"."amount_cents" < 0 and "ledger_entries"."remaining_cents" between "ledger_entries"."amount_cents" and 0))
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"checkout_request_id" text,
	"payload" jsonb NOT NULL,
	"outcome" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"user_id" integer,
	"provider" text NOT NULL,
	"invoice_no" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"phone" text,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"provider_reference" text,
	"result_code" text,
	"result_desc" text,
	"receipt_no" text,
	"success_url" text,
	"fail_url" text,
	"query_attempts" integer DEFAULT 0 NOT NULL,
	"last_queried_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"member_no" text NOT NULL,
	"period" text NOT NULL,
	"category_code" text NOT NULL,
	"invoice_no" text NOT NULL,
	"billing_run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "invoice_no" text;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_invoice_entry_id_ledger_entries_id_fk" FOREIGN KEY ("invoice_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_credit_entry_id_ledger_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_allocations_invoice_idx" ON "ledger_allocations" USING btree ("invoice_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_credit_idx" ON "ledger_allocations" USING btree ("credit_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_document_key" ON "ledger_entries" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "ledger_entries_profile_idx" ON "ledger_entries" USING btree ("profile_id","posting_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_open_idx" ON "ledger_entries" USING btree ("document_type","remaining_cents");--> statement-breakpoint
CREATE INDEX "payment_callbacks_checkout_idx" ON "payment_callbacks" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_request_key" ON "payments" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_key" ON "payments" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_member_period_key" ON "subscriptions" USING btree ("member_no","period");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_invoice_key" ON "subscriptions" USING btree ("invoice_no");