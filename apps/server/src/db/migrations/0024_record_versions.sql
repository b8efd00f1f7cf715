ALTER TABLE "inquiries" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_cleanings" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every write that changes a record, by anyone (the hub, the customer's link, jobs, other triggers), bumps its
-- version: the If-Match check of docs/api.md. Columns kept by other triggers for reads (a schedule's last paid
-- date and inquiry name) and a visit exception's updated_at are not the record's content and bump nothing, so
-- Done & paid on one occurrence does not make the schedule's other occurrences stale.
CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := TG_ARGV || ARRAY['version'];
BEGIN
  IF (to_jsonb(NEW) - ignored) IS DISTINCT FROM (to_jsonb(OLD) - ignored) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER version_bump BEFORE UPDATE ON inquiries FOR EACH ROW EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER version_bump BEFORE UPDATE ON one_time_cleanings FOR EACH ROW EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER zz_version_bump BEFORE UPDATE ON recurring_payments FOR EACH ROW
  EXECUTE FUNCTION bump_version('last_paid_at', 'inquiry_name');--> statement-breakpoint
CREATE TRIGGER version_bump BEFORE UPDATE ON visit_exceptions FOR EACH ROW EXECUTE FUNCTION bump_version('updated_at');
