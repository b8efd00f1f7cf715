ALTER TABLE "recurring_payments" ADD COLUMN "last_paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "recurring_payments" s SET "last_paid_at" = latest.at
  FROM (SELECT p.recurring_payment_id AS id, max(d.date_time) AS at
          FROM recurring_paid p JOIN recurring_paid_dates d ON d.recurring_paid_id = p.id
         GROUP BY p.recurring_payment_id) latest
 WHERE s.id = latest.id;--> statement-breakpoint
-- The period a free-text frequency names (recognisedPeriod in packages/shared, which a test holds it to), or null.
-- PL/pgSQL: as a SQL function with sub-selects it cost 25 µs a call, which the overdue list's index rechecks pay.
CREATE FUNCTION recurring_period(frequency text) RETURNS interval LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t text := btrim(regexp_replace(lower(frequency), '[^a-z0-9]+', ' ', 'g'));
  m text[];
  n numeric;
BEGIN
  IF t ~ '^(weekly|once a week|every week|each week|1 week)$' THEN RETURN interval '7 days'; END IF;
  IF t ~ '^(bi ?weekly|every other week|fortnightly|every fortnight|2 weeks)$' THEN RETURN interval '14 days'; END IF;
  IF t ~ '^(four ?weekly|4 ?weekly|4 weeks)$' THEN RETURN interval '28 days'; END IF;
  IF t ~ '^(monthly|once a month|every month|each month|1 month)$' THEN RETURN interval '1 month'; END IF;
  m := regexp_match(t, '^every ([0-9]+|one|two|three|four|five|six) (week|month)s?$');
  IF m IS NULL THEN RETURN NULL; END IF;
  n := CASE m[1] WHEN 'one' THEN 1 WHEN 'two' THEN 2 WHEN 'three' THEN 3 WHEN 'four' THEN 4
                 WHEN 'five' THEN 5 WHEN 'six' THEN 6 ELSE m[1]::numeric END;
  IF n NOT BETWEEN 1 AND 12 THEN RETURN NULL; END IF;
  RETURN CASE m[2] WHEN 'week' THEN make_interval(days => 7 * n::int) ELSE make_interval(months => n::int) END;
END $$;--> statement-breakpoint
-- Sets last_paid_at of the given schedules from what is left of their paid dates.
CREATE FUNCTION recurring_refresh_last_paid(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE recurring_payments s
     SET last_paid_at = (SELECT max(d.date_time) FROM recurring_paid p
                           JOIN recurring_paid_dates d ON d.recurring_paid_id = p.id
                          WHERE p.recurring_payment_id = s.id)
   WHERE s.id = ANY(ids)
$$;--> statement-breakpoint
-- Statement-level with transition tables: the cleanup deletes paid records by the thousand in one statement.
CREATE FUNCTION recurring_paid_dates_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recurring_payments s SET last_paid_at = latest.at
    FROM (SELECT p.recurring_payment_id AS id, max(a.date_time) AS at
            FROM added a JOIN recurring_paid p ON p.id = a.recurring_paid_id
           GROUP BY p.recurring_payment_id) latest
   WHERE s.id = latest.id AND (s.last_paid_at IS NULL OR s.last_paid_at < latest.at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION recurring_paid_dates_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Dates removed with their paid record find no record here: the record's own trigger refreshes its schedule.
  PERFORM recurring_refresh_last_paid(array(
    SELECT DISTINCT p.recurring_payment_id FROM removed r JOIN recurring_paid p ON p.id = r.recurring_paid_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION recurring_paid_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recurring_refresh_last_paid(array(SELECT DISTINCT recurring_payment_id FROM removed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION recurring_paid_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recurring_refresh_last_paid(array(
    SELECT r.recurring_payment_id FROM removed r JOIN added a ON a.id = r.id
     WHERE a.recurring_payment_id <> r.recurring_payment_id
    UNION SELECT a.recurring_payment_id FROM removed r JOIN added a ON a.id = r.id
     WHERE a.recurring_payment_id <> r.recurring_payment_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recurring_paid_dates_added AFTER INSERT ON recurring_paid_dates
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recurring_paid_dates_added();--> statement-breakpoint
CREATE TRIGGER recurring_paid_dates_removed AFTER DELETE ON recurring_paid_dates
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION recurring_paid_dates_changed();--> statement-breakpoint
CREATE TRIGGER recurring_paid_dates_updated AFTER UPDATE ON recurring_paid_dates
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION recurring_paid_dates_changed();--> statement-breakpoint
CREATE TRIGGER recurring_paid_dates_updated_to AFTER UPDATE ON recurring_paid_dates
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recurring_paid_dates_added();--> statement-breakpoint
CREATE TRIGGER recurring_paid_removed AFTER DELETE ON recurring_paid
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION recurring_paid_removed();--> statement-breakpoint
CREATE TRIGGER recurring_paid_moved AFTER UPDATE ON recurring_paid
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recurring_paid_moved();--> statement-breakpoint
CREATE INDEX "recurring_payments_due_idx" ON "recurring_payments" USING btree (((coalesce("last_paid_at", "created_at") at time zone 'UTC') + recurring_period("frequency")));
