CREATE TABLE "review_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"inquiry_id" integer NOT NULL,
	"visit_key" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"enqueued_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_customer_idx" ON "review_requests" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "review_requests_due_idx" ON "review_requests" USING btree ("due_at") WHERE "review_requests"."enqueued_at" is null;