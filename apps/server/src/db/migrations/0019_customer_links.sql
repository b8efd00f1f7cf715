CREATE TABLE "customer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "one_time_cleanings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_links_token_hash_idx" ON "customer_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_links_live_idx" ON "customer_links" USING btree ("inquiry_id") WHERE "customer_links"."revoked_at" is null;