ALTER TABLE "customer_links" DROP CONSTRAINT "customer_links_inquiry_id_inquiries_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_links" ALTER COLUMN "inquiry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;