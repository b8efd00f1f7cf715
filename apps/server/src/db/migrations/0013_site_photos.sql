CREATE TABLE "photo_variants" (
	"hash" text PRIMARY KEY NOT NULL,
	"original" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "photo_variants_original_idx" ON "photo_variants" USING btree ("original");