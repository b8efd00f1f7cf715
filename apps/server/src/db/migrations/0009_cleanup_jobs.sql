CREATE UNLOGGED TABLE "cleanup_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
