CREATE TABLE "checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer,
	"inquiry_id" integer,
	"position" smallint NOT NULL,
	"label" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "checklist_items_one_owner" CHECK (("checklist_items"."package_id" is null) <> ("checklist_items"."inquiry_id" is null))
);
--> statement-breakpoint
CREATE TABLE "clock_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"visit_key" text NOT NULL,
	"clock_in_at" timestamp with time zone NOT NULL,
	"clock_out_at" timestamp with time zone,
	"in_recorded_offline" boolean DEFAULT false NOT NULL,
	"out_recorded_offline" boolean DEFAULT false NOT NULL,
	"in_key" text,
	"out_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clock_records_out_after_in" CHECK ("clock_records"."clock_out_at" is null or "clock_records"."clock_out_at" >= "clock_records"."clock_in_at")
);
--> statement-breakpoint
CREATE TABLE "on_my_way" (
	"visit_key" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_checklist_ticks" (
	"visit_key" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_checklist_ticks_visit_key_item_id_pk" PRIMARY KEY("visit_key","item_id")
);
--> statement-breakpoint
CREATE TABLE "visit_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_key" text NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"keep" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_photos_kind_known" CHECK ("visit_photos"."kind" in ('before', 'after'))
);
--> statement-breakpoint
ALTER TABLE "one_time_cleanings" ADD COLUMN "cleaner_id" integer;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD COLUMN "cleaner_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_kind" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD COLUMN "cleaner_id" integer;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_records" ADD CONSTRAINT "clock_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_my_way" ADD CONSTRAINT "on_my_way_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checklist_ticks" ADD CONSTRAINT "visit_checklist_ticks_item_id_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checklist_ticks" ADD CONSTRAINT "visit_checklist_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_package_idx" ON "checklist_items" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "checklist_items_inquiry_idx" ON "checklist_items" USING btree ("inquiry_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "clock_records_one_open_idx" ON "clock_records" USING btree ("user_id") WHERE "clock_records"."clock_out_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "clock_records_in_key_idx" ON "clock_records" USING btree ("user_id","in_key");--> statement-breakpoint
CREATE UNIQUE INDEX "clock_records_out_key_idx" ON "clock_records" USING btree ("user_id","out_key");--> statement-breakpoint
CREATE INDEX "clock_records_visit_idx" ON "clock_records" USING btree ("visit_key");--> statement-breakpoint
CREATE INDEX "clock_records_user_in_idx" ON "clock_records" USING btree ("user_id","clock_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_hash_idx" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitations_user_id_index" ON "team_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "visit_photos_visit_idx" ON "visit_photos" USING btree ("visit_key");--> statement-breakpoint
CREATE INDEX "visit_photos_created_idx" ON "visit_photos" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "one_time_cleanings" ADD CONSTRAINT "one_time_cleanings_cleaner_id_users_id_fk" FOREIGN KEY ("cleaner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_cleaner_id_users_id_fk" FOREIGN KEY ("cleaner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD CONSTRAINT "visit_exceptions_cleaner_id_users_id_fk" FOREIGN KEY ("cleaner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_cleanings_cleaner_idx" ON "one_time_cleanings" USING btree ("cleaner_id","date_time") WHERE "one_time_cleanings"."cleaner_id" is not null;--> statement-breakpoint
CREATE INDEX "recurring_payments_cleaner_idx" ON "recurring_payments" USING btree ("cleaner_id") WHERE "recurring_payments"."cleaner_id" is not null;--> statement-breakpoint
CREATE INDEX "visit_exceptions_cleaner_idx" ON "visit_exceptions" USING btree ("cleaner_id") WHERE "visit_exceptions"."cleaner_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK (role in ('owner', 'cleaner'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pay_known" CHECK (pay_kind is null or (pay_kind in ('hourly', 'per_visit') and pay_amount >= 0));