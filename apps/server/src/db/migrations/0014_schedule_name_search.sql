ALTER TABLE "recurring_payments" ADD COLUMN "inquiry_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "recurring_payments" s SET "inquiry_name" = i.name FROM "inquiries" i WHERE i.id = s.inquiry_id;--> statement-breakpoint
-- A schedule takes its inquiry's name when made or moved to another inquiry…
CREATE FUNCTION recurring_payments_take_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.inquiry_name := coalesce((SELECT name FROM inquiries WHERE id = NEW.inquiry_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER recurring_payments_take_name BEFORE INSERT OR UPDATE OF inquiry_id ON recurring_payments
  FOR EACH ROW EXECUTE FUNCTION recurring_payments_take_name();--> statement-breakpoint
-- …and follows it when the inquiry is renamed.
CREATE FUNCTION inquiries_name_to_schedules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recurring_payments SET inquiry_name = NEW.name WHERE inquiry_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER inquiries_name_to_schedules AFTER UPDATE OF name ON inquiries
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION inquiries_name_to_schedules();--> statement-breakpoint
CREATE INDEX "recurring_payments_inquiry_name_trgm_idx" ON "recurring_payments" USING gin ("inquiry_name" gin_trgm_ops);
