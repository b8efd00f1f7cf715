ALTER TABLE "inquiries" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "heard_from" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_heard_from_known" CHECK (heard_from in ('google', 'facebook', 'nextdoor', 'friend', 'yelp', 'other'));