DROP INDEX "recurring_paid_dates_date_time_index";--> statement-breakpoint
CREATE INDEX "recurring_paid_dates_day_idx" ON "recurring_paid_dates" USING btree ("date_time","recurring_paid_id");