CREATE TABLE "daily_digests" (
	"business_date" text PRIMARY KEY NOT NULL,
	"mailed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
