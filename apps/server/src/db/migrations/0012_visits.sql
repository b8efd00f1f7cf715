CREATE TYPE "public"."visit_exception_status" AS ENUM('planned', 'done', 'skipped');--> statement-breakpoint
CREATE TABLE "owner_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurring_payment_id" integer NOT NULL,
	"original_start" timestamp with time zone NOT NULL,
	"status" "visit_exception_status" DEFAULT 'planned' NOT NULL,
	"moved_to" timestamp with time zone,
	"recurring_paid_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_cleanings" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "one_time_cleanings" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD COLUMN "first_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD CONSTRAINT "visit_exceptions_recurring_payment_id_recurring_payments_id_fk" FOREIGN KEY ("recurring_payment_id") REFERENCES "public"."recurring_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD CONSTRAINT "visit_exceptions_recurring_paid_id_recurring_paid_id_fk" FOREIGN KEY ("recurring_paid_id") REFERENCES "public"."recurring_paid"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_exceptions_occurrence_idx" ON "visit_exceptions" USING btree ("recurring_payment_id","original_start");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_exceptions_paid_idx" ON "visit_exceptions" USING btree ("recurring_paid_id");--> statement-breakpoint
CREATE INDEX "visit_exceptions_moved_idx" ON "visit_exceptions" USING btree ("moved_to") WHERE "visit_exceptions"."moved_to" is not null;--> statement-breakpoint
CREATE INDEX "recurring_payments_first_visit_idx" ON "recurring_payments" USING btree ("first_visit_at") WHERE "recurring_payments"."first_visit_at" is not null;