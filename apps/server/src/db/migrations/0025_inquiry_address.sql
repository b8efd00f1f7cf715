ALTER TABLE "inquiries" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "access_notes" text;