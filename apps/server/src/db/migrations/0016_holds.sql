CREATE TYPE "public"."hold_status" AS ENUM('held', 'confirmed', 'declined');--> statement-breakpoint
CREATE TABLE "holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"frequency" text DEFAULT 'one_time' NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"status" "hold_status" DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"one_time_cleaning_id" integer,
	"recurring_payment_id" integer,
	CONSTRAINT "holds_amount_nonnegative" CHECK ("holds"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_one_time_cleaning_id_one_time_cleanings_id_fk" FOREIGN KEY ("one_time_cleaning_id") REFERENCES "public"."one_time_cleanings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_recurring_payment_id_recurring_payments_id_fk" FOREIGN KEY ("recurring_payment_id") REFERENCES "public"."recurring_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_held_start_idx" ON "holds" USING btree ("start") WHERE "holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "holds_inquiry_idx" ON "holds" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "one_time_cleanings_duration_idx" ON "one_time_cleanings" USING btree ("duration_minutes") WHERE "one_time_cleanings"."duration_minutes" is not null;