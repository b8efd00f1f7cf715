CREATE TYPE "public"."call_or_text" AS ENUM('call', 'text');--> statement-breakpoint
CREATE TYPE "public"."inquiry_status" AS ENUM('New Inquiry', 'Contacted', 'Booked', 'Paused', 'Completed');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved');--> statement-breakpoint
CREATE TABLE "contact_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_status_singleton" CHECK ("contact_status"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "gallery_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"caption" text,
	"category" text DEFAULT 'Uncategorized' NOT NULL,
	"photo_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"call_or_text" "call_or_text",
	"town" text,
	"description" text,
	"status" "inquiry_status" DEFAULT 'New Inquiry' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_cleanings" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"date_time" timestamp with time zone,
	"amount" numeric(12, 2) NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_cleanings_amount_nonnegative" CHECK ("one_time_cleanings"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"image_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_amount_nonnegative" CHECK ("packages"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_paid" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurring_payment_id" integer NOT NULL,
	"amount_paid" numeric(12, 2) NOT NULL,
	"notes" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_paid_amount_nonnegative" CHECK ("recurring_paid"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recurring_paid_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurring_paid_id" integer NOT NULL,
	"date_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_payments_amount_nonnegative" CHECK ("recurring_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"reviewer_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "one_time_cleanings" ADD CONSTRAINT "one_time_cleanings_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_paid" ADD CONSTRAINT "recurring_paid_recurring_payment_id_recurring_payments_id_fk" FOREIGN KEY ("recurring_payment_id") REFERENCES "public"."recurring_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_paid_dates" ADD CONSTRAINT "recurring_paid_dates_recurring_paid_id_recurring_paid_id_fk" FOREIGN KEY ("recurring_paid_id") REFERENCES "public"."recurring_paid"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_photos_category_trgm_idx" ON "gallery_photos" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_name_trgm_idx" ON "inquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_phone_trgm_idx" ON "inquiries" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_status_idx" ON "inquiries" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "inquiries_submitted_idx" ON "inquiries" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "one_time_cleanings_inquiry_idx" ON "one_time_cleanings" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "one_time_cleanings_date_idx" ON "one_time_cleanings" USING btree ("date_time");--> statement-breakpoint
CREATE INDEX "one_time_cleanings_notes_trgm_idx" ON "one_time_cleanings" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_index" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_paid_payment_idx" ON "recurring_paid" USING btree ("recurring_payment_id");--> statement-breakpoint
CREATE INDEX "recurring_paid_submitted_idx" ON "recurring_paid" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "recurring_paid_dates_paid_idx" ON "recurring_paid_dates" USING btree ("recurring_paid_id");--> statement-breakpoint
CREATE INDEX "recurring_paid_dates_date_time_index" ON "recurring_paid_dates" USING btree ("date_time");--> statement-breakpoint
CREATE INDEX "recurring_payments_inquiry_idx" ON "recurring_payments" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "recurring_payments_frequency_trgm_idx" ON "recurring_payments" USING gin ("frequency" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recurring_payments_notes_trgm_idx" ON "recurring_payments" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");