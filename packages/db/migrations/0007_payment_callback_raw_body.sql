ALTER TABLE "payment_callbacks" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD COLUMN "raw_body" bytea;