CREATE UNLOGGED TABLE "lead_source_buckets" (
	"lead_bucket" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"paid_bucket" timestamp with time zone NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "lead_source_buckets_lead_bucket_source_paid_bucket_pk" PRIMARY KEY("lead_bucket","source","paid_bucket")
);--> statement-breakpoint
-- A zone's month begins between 14 hours before and 12 hours after the UTC month's start (offsets run from -12:00
-- to +14:00, in multiples of 15 minutes): 15-minute buckets there, one bucket for the rest of the UTC month. Any
-- zone's month is then a whole number of buckets, and a year is at most a few thousand of them.
CREATE FUNCTION lead_source_bucket(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN at IS NULL THEN '-infinity'::timestamptz
    WHEN (at AT TIME ZONE 'UTC') >= date_trunc('month', at AT TIME ZONE 'UTC') + interval '12 hours'
     AND (at AT TIME ZONE 'UTC') < date_trunc('month', at AT TIME ZONE 'UTC') + interval '1 month' - interval '14 hours'
      THEN (date_trunc('month', at AT TIME ZONE 'UTC') + interval '12 hours') AT TIME ZONE 'UTC'
    ELSE date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
  END
$$;--> statement-breakpoint
-- Adds to the buckets (one row per bucket, in key order, so concurrent writers lock alike); changes summing to
-- nothing (an edit of a note) write nothing.
CREATE FUNCTION lead_source_add(lb timestamptz[], src text[], pb timestamptz[], req int[], bk int[], rev numeric[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_source_buckets AS t (lead_bucket, source, paid_bucket, requests, booked, revenue)
  SELECT x.lb, x.src, x.pb, sum(x.req)::int, sum(x.bk)::int, sum(x.rev)
    FROM unnest(lb, src, pb, req, bk, rev) AS x(lb, src, pb, req, bk, rev)
   GROUP BY 1, 2, 3 HAVING sum(x.req) <> 0 OR sum(x.bk) <> 0 OR sum(x.rev) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (lead_bucket, source, paid_bucket) DO UPDATE SET requests = t.requests + excluded.requests,
    booked = t.booked + excluded.booked, revenue = t.revenue + excluded.revenue
$$;--> statement-breakpoint
-- What the summary counts (features/summary): a request by its submission and heard_from; booked when its status
-- is Booked or Completed or a cleaning or schedule was made for it; revenue: its paid cleanings by their date and
-- its schedules' paid records by their submission. A cleaning, schedule or paid record changes its inquiry's
-- figures: its trigger locks the inquiry's row first, so two of them (two first cleanings) or an edit of the
-- inquiry at the same time cannot both count from a state the other is changing.
CREATE FUNCTION lead_source_inquiries(came inquiries[], gone inquiries[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_source_add(array_agg(d.lb), array_agg(d.src), array_agg(d.pb), array_agg(d.req), array_agg(d.bk), array_agg(d.rev))
  FROM (
    WITH rows AS (
      SELECT 1 AS sign, i.id, i.status, lead_source_bucket(i.submitted_at) AS lb, coalesce(i.heard_from, 'unknown') AS src
        FROM unnest(came) AS i
      UNION ALL
      SELECT -1, i.id, i.status, lead_source_bucket(i.submitted_at), coalesce(i.heard_from, 'unknown')
        FROM unnest(gone) AS i
    ),
    -- Its payments follow an inquiry whose month or source changed (a new or deleted one has none).
    moved AS (
      SELECT r.* FROM rows r WHERE NOT EXISTS (
        SELECT 1 FROM rows o WHERE o.id = r.id AND o.sign = -r.sign AND o.lb = r.lb AND o.src = r.src)
    )
    SELECT r.lb, r.src, '-infinity'::timestamptz AS pb, r.sign AS req,
      r.sign * (r.status IN ('Booked', 'Completed')
        OR EXISTS (SELECT 1 FROM one_time_cleanings c WHERE c.inquiry_id = r.id)
        OR EXISTS (SELECT 1 FROM recurring_payments s WHERE s.inquiry_id = r.id))::int AS bk,
      0::numeric AS rev
      FROM rows r
    UNION ALL
    SELECT m.lb, m.src, lead_source_bucket(c.date_time), 0, 0, m.sign * c.amount
      FROM moved m JOIN one_time_cleanings c ON c.inquiry_id = m.id
     WHERE c.paid AND c.date_time IS NOT NULL
    UNION ALL
    SELECT m.lb, m.src, lead_source_bucket(p.submitted_at), 0, 0, m.sign * p.amount_paid
      FROM moved m JOIN recurring_payments s ON s.inquiry_id = m.id JOIN recurring_paid p ON p.recurring_payment_id = s.id
  ) AS d;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_source_cleanings(came one_time_cleanings[], gone one_time_cleanings[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM inquiries WHERE id IN (SELECT inquiry_id FROM unnest(came) UNION SELECT inquiry_id FROM unnest(gone))
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM lead_source_add(array_agg(d.lb), array_agg(d.src), array_agg(d.pb), array_agg(d.req), array_agg(d.bk), array_agg(d.rev))
  FROM (
    WITH rows AS (
      SELECT 1 AS sign, c.* FROM unnest(came) AS c UNION ALL SELECT -1, c.* FROM unnest(gone) AS c
    ),
    per_inquiry AS (
      SELECT inquiry_id, count(*) FILTER (WHERE sign = 1) AS came, count(*) FILTER (WHERE sign = -1) AS gone
        FROM rows GROUP BY inquiry_id
    )
    -- Booked now, less booked before this statement (as many cleanings as now, less those it added, plus those it removed).
    SELECT lead_source_bucket(i.submitted_at) AS lb, coalesce(i.heard_from, 'unknown') AS src,
      '-infinity'::timestamptz AS pb, 0 AS req,
      (b.base OR n.now > 0)::int - (b.base OR n.now - q.came + q.gone > 0)::int AS bk, 0::numeric AS rev
      FROM per_inquiry q JOIN inquiries i ON i.id = q.inquiry_id
      CROSS JOIN LATERAL (SELECT count(*) AS now FROM one_time_cleanings c WHERE c.inquiry_id = i.id) n
      CROSS JOIN LATERAL (SELECT i.status IN ('Booked', 'Completed')
        OR EXISTS (SELECT 1 FROM recurring_payments s WHERE s.inquiry_id = i.id) AS base) b
    UNION ALL
    SELECT lead_source_bucket(i.submitted_at), coalesce(i.heard_from, 'unknown'), lead_source_bucket(r.date_time), 0, 0,
      r.sign * r.amount
      FROM rows r JOIN inquiries i ON i.id = r.inquiry_id
     WHERE r.paid AND r.date_time IS NOT NULL
  ) AS d;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_source_schedules(came recurring_payments[], gone recurring_payments[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM inquiries WHERE id IN (SELECT inquiry_id FROM unnest(came) UNION SELECT inquiry_id FROM unnest(gone))
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM lead_source_add(array_agg(d.lb), array_agg(d.src), array_agg(d.pb), array_agg(d.req), array_agg(d.bk), array_agg(d.rev))
  FROM (
    WITH rows AS (
      SELECT 1 AS sign, s.* FROM unnest(came) AS s UNION ALL SELECT -1, s.* FROM unnest(gone) AS s
    ),
    per_inquiry AS (
      SELECT inquiry_id, count(*) FILTER (WHERE sign = 1) AS came, count(*) FILTER (WHERE sign = -1) AS gone
        FROM rows GROUP BY inquiry_id
    )
    SELECT lead_source_bucket(i.submitted_at) AS lb, coalesce(i.heard_from, 'unknown') AS src,
      '-infinity'::timestamptz AS pb, 0 AS req,
      (b.base OR n.now > 0)::int - (b.base OR n.now - q.came + q.gone > 0)::int AS bk, 0::numeric AS rev
      FROM per_inquiry q JOIN inquiries i ON i.id = q.inquiry_id
      CROSS JOIN LATERAL (SELECT count(*) AS now FROM recurring_payments s WHERE s.inquiry_id = i.id) n
      CROSS JOIN LATERAL (SELECT i.status IN ('Booked', 'Completed')
        OR EXISTS (SELECT 1 FROM one_time_cleanings c WHERE c.inquiry_id = i.id) AS base) b
    UNION ALL
    -- A schedule moved to another inquiry takes its paid records along (a new or deleted one has none).
    SELECT lead_source_bucket(i.submitted_at), coalesce(i.heard_from, 'unknown'), lead_source_bucket(p.submitted_at), 0, 0,
      r.sign * p.amount_paid
      FROM rows r JOIN inquiries i ON i.id = r.inquiry_id JOIN recurring_paid p ON p.recurring_payment_id = r.id
  ) AS d;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_source_paid(came recurring_paid[], gone recurring_paid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The schedule's row first (another statement could be moving it to another inquiry), then its inquiry's.
  PERFORM 1 FROM recurring_payments
   WHERE id IN (SELECT recurring_payment_id FROM unnest(came) UNION SELECT recurring_payment_id FROM unnest(gone))
   ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM inquiries WHERE id IN (SELECT s.inquiry_id FROM recurring_payments s
     WHERE s.id IN (SELECT recurring_payment_id FROM unnest(came) UNION SELECT recurring_payment_id FROM unnest(gone)))
   ORDER BY id FOR NO KEY UPDATE;
  PERFORM lead_source_add(array_agg(d.lb), array_agg(d.src), array_agg(d.pb), array_agg(d.req), array_agg(d.bk), array_agg(d.rev))
  FROM (
    SELECT lead_source_bucket(i.submitted_at) AS lb, coalesce(i.heard_from, 'unknown') AS src,
      lead_source_bucket(r.submitted_at) AS pb, 0 AS req, 0 AS bk, r.sign * r.amount_paid AS rev
      FROM (SELECT 1 AS sign, p.* FROM unnest(came) AS p UNION ALL SELECT -1, p.* FROM unnest(gone) AS p) r
      JOIN recurring_payments s ON s.id = r.recurring_payment_id JOIN inquiries i ON i.id = s.inquiry_id
  ) AS d;
END $$;--> statement-breakpoint
-- Statement-level with transition tables (the cleanup deletes thousands of rows in one statement). An update
-- passes on only the rows whose counted columns changed, so editing a note, or the last paid date the triggers of
-- 0007 keep on every schedule, locks and counts nothing.
CREATE FUNCTION lead_source_inquiries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_source_inquiries((SELECT array_agg(a::inquiries) FROM added a), '{}'::inquiries[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lead_source_inquiries('{}'::inquiries[], (SELECT array_agg(r::inquiries) FROM removed r));
  ELSE
    PERFORM lead_source_inquiries(
      (SELECT array_agg(a::inquiries) FROM added a WHERE NOT EXISTS (SELECT 1 FROM removed r WHERE r.id = a.id
        AND r.submitted_at = a.submitted_at AND r.heard_from IS NOT DISTINCT FROM a.heard_from AND r.status = a.status)),
      (SELECT array_agg(r::inquiries) FROM removed r WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.id = r.id
        AND a.submitted_at = r.submitted_at AND a.heard_from IS NOT DISTINCT FROM r.heard_from AND a.status = r.status)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_source_cleanings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_source_cleanings((SELECT array_agg(a::one_time_cleanings) FROM added a), '{}'::one_time_cleanings[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lead_source_cleanings('{}'::one_time_cleanings[], (SELECT array_agg(r::one_time_cleanings) FROM removed r));
  ELSE
    PERFORM lead_source_cleanings(
      (SELECT array_agg(a::one_time_cleanings) FROM added a WHERE NOT EXISTS (SELECT 1 FROM removed r WHERE r.id = a.id
        AND r.inquiry_id = a.inquiry_id AND r.paid = a.paid AND r.date_time IS NOT DISTINCT FROM a.date_time
        AND r.amount IS NOT DISTINCT FROM a.amount)),
      (SELECT array_agg(r::one_time_cleanings) FROM removed r WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.id = r.id
        AND a.inquiry_id = r.inquiry_id AND a.paid = r.paid AND a.date_time IS NOT DISTINCT FROM r.date_time
        AND a.amount IS NOT DISTINCT FROM r.amount)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_source_schedules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_source_schedules((SELECT array_agg(a::recurring_payments) FROM added a), '{}'::recurring_payments[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lead_source_schedules('{}'::recurring_payments[], (SELECT array_agg(r::recurring_payments) FROM removed r));
  ELSE
    PERFORM lead_source_schedules(
      (SELECT array_agg(a::recurring_payments) FROM added a
        WHERE NOT EXISTS (SELECT 1 FROM removed r WHERE r.id = a.id AND r.inquiry_id = a.inquiry_id)),
      (SELECT array_agg(r::recurring_payments) FROM removed r
        WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.id = r.id AND a.inquiry_id = r.inquiry_id)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_source_paid_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_source_paid((SELECT array_agg(a::recurring_paid) FROM added a), '{}'::recurring_paid[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lead_source_paid('{}'::recurring_paid[], (SELECT array_agg(r::recurring_paid) FROM removed r));
  ELSE
    PERFORM lead_source_paid(
      (SELECT array_agg(a::recurring_paid) FROM added a WHERE NOT EXISTS (SELECT 1 FROM removed r WHERE r.id = a.id
        AND r.recurring_payment_id = a.recurring_payment_id AND r.submitted_at = a.submitted_at
        AND r.amount_paid IS NOT DISTINCT FROM a.amount_paid)),
      (SELECT array_agg(r::recurring_paid) FROM removed r WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.id = r.id
        AND a.recurring_payment_id = r.recurring_payment_id AND a.submitted_at = r.submitted_at
        AND a.amount_paid IS NOT DISTINCT FROM r.amount_paid)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lead_source_inquiries_added AFTER INSERT ON inquiries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_inquiries_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_inquiries_updated AFTER UPDATE ON inquiries
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_inquiries_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_inquiries_removed AFTER DELETE ON inquiries
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lead_source_inquiries_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_cleanings_added AFTER INSERT ON one_time_cleanings
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_cleanings_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_cleanings_updated AFTER UPDATE ON one_time_cleanings
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_cleanings_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_cleanings_removed AFTER DELETE ON one_time_cleanings
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lead_source_cleanings_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_schedules_added AFTER INSERT ON recurring_payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_schedules_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_schedules_updated AFTER UPDATE ON recurring_payments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_schedules_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_schedules_removed AFTER DELETE ON recurring_payments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lead_source_schedules_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_paid_added AFTER INSERT ON recurring_paid
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_paid_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_paid_updated AFTER UPDATE ON recurring_paid
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_source_paid_changed();--> statement-breakpoint
CREATE TRIGGER lead_source_paid_removed AFTER DELETE ON recurring_paid
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lead_source_paid_changed();--> statement-breakpoint
-- Refills the table from the rows unless it is complete (its 'built' row): in this migration, after a crash (an
-- unlogged table comes back empty) or a restore (it is not in backups). Writers wait meanwhile, then add to it.
CREATE FUNCTION lead_source_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE lead_source_buckets IN EXCLUSIVE MODE;
  IF EXISTS (SELECT 1 FROM lead_source_buckets WHERE lead_bucket = '-infinity' AND source = 'built') THEN RETURN; END IF;
  DELETE FROM lead_source_buckets;
  -- Probes of the inquiry indexes: "id IN (SELECT inquiry_id …)" hashes 3M ids only when work_mem holds them,
  -- and otherwise rescans the cleanings for every inquiry.
  INSERT INTO lead_source_buckets (lead_bucket, source, paid_bucket, requests, booked, revenue)
  SELECT lead_source_bucket(i.submitted_at), coalesce(i.heard_from, 'unknown'), '-infinity', count(*),
    count(*) FILTER (WHERE i.status IN ('Booked', 'Completed')
      OR EXISTS (SELECT 1 FROM one_time_cleanings c WHERE c.inquiry_id = i.id)
      OR EXISTS (SELECT 1 FROM recurring_payments s WHERE s.inquiry_id = i.id)), 0
    FROM inquiries i GROUP BY 1, 2;
  INSERT INTO lead_source_buckets (lead_bucket, source, paid_bucket, requests, booked, revenue)
  SELECT lb, src, pb, 0, 0, sum(amount) FROM (
    SELECT lead_source_bucket(i.submitted_at) AS lb, coalesce(i.heard_from, 'unknown') AS src,
      lead_source_bucket(c.date_time) AS pb, c.amount
      FROM one_time_cleanings c JOIN inquiries i ON i.id = c.inquiry_id
     WHERE c.paid AND c.date_time IS NOT NULL
    UNION ALL
    SELECT lead_source_bucket(i.submitted_at), coalesce(i.heard_from, 'unknown'), lead_source_bucket(p.submitted_at),
      p.amount_paid
      FROM recurring_paid p JOIN recurring_payments s ON s.id = p.recurring_payment_id JOIN inquiries i ON i.id = s.inquiry_id
  ) AS x GROUP BY 1, 2, 3;
  INSERT INTO lead_source_buckets (lead_bucket, source, paid_bucket) VALUES ('-infinity', 'built', '-infinity');
END $$;--> statement-breakpoint
SELECT lead_source_rebuild();
