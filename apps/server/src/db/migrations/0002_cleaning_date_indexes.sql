DROP INDEX "one_time_cleanings_date_idx";--> statement-breakpoint
CREATE INDEX "one_time_cleanings_newest_idx" ON "one_time_cleanings" USING btree ("date_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "one_time_cleanings_effective_date_idx" ON "one_time_cleanings" USING btree (coalesce("date_time", "created_at"));