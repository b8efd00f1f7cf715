CREATE UNLOGGED TABLE "revenue_buckets" (
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "revenue_buckets_kind_bucket_pk" PRIMARY KEY("kind","bucket")
);--> statement-breakpoint
-- Every zone's offset is a multiple of 15 minutes, so a month of any business calendar is a whole number of buckets.
CREATE FUNCTION revenue_bucket(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00'), '-infinity')
$$;--> statement-breakpoint
-- Adds amounts to their buckets (one row per bucket, in bucket order, so concurrent writers lock alike).
CREATE FUNCTION revenue_add(k text, buckets timestamptz[], amounts numeric[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revenue_buckets (kind, bucket, amount)
  SELECT k, x.b, sum(x.a) FROM unnest(buckets, amounts) AS x(b, a) GROUP BY x.b ORDER BY x.b
  ON CONFLICT (kind, bucket) DO UPDATE SET amount = revenue_buckets.amount + excluded.amount
$$;--> statement-breakpoint
-- Statement-level with transition tables: the cleanup deletes thousands of rows in one statement.
CREATE FUNCTION revenue_one_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b timestamptz[]; a numeric[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(revenue_bucket(date_time)), array_agg(amount) INTO b, a FROM added WHERE paid;
    PERFORM revenue_add('one_time', b, a);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(revenue_bucket(date_time)), array_agg(-amount) INTO b, a FROM removed WHERE paid;
    PERFORM revenue_add('one_time', b, a);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION revenue_recurring_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b timestamptz[]; a numeric[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(revenue_bucket(submitted_at)), array_agg(amount_paid) INTO b, a FROM added;
    PERFORM revenue_add('recurring', b, a);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(revenue_bucket(submitted_at)), array_agg(-amount_paid) INTO b, a FROM removed;
    PERFORM revenue_add('recurring', b, a);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER revenue_one_time_added AFTER INSERT ON one_time_cleanings
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION revenue_one_time_changed();--> statement-breakpoint
CREATE TRIGGER revenue_one_time_updated AFTER UPDATE ON one_time_cleanings
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION revenue_one_time_changed();--> statement-breakpoint
CREATE TRIGGER revenue_one_time_removed AFTER DELETE ON one_time_cleanings
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION revenue_one_time_changed();--> statement-breakpoint
CREATE TRIGGER revenue_recurring_added AFTER INSERT ON recurring_paid
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION revenue_recurring_changed();--> statement-breakpoint
CREATE TRIGGER revenue_recurring_updated AFTER UPDATE ON recurring_paid
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION revenue_recurring_changed();--> statement-breakpoint
CREATE TRIGGER revenue_recurring_removed AFTER DELETE ON recurring_paid
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION revenue_recurring_changed();--> statement-breakpoint
-- Refills the table from the paid rows unless it is complete (its 'built' row): after this migration, a crash
-- (an unlogged table comes back empty) or a restore (it is not in backups). Writers wait meanwhile, then add to it.
CREATE FUNCTION revenue_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE revenue_buckets IN EXCLUSIVE MODE;
  IF EXISTS (SELECT 1 FROM revenue_buckets WHERE kind = 'built') THEN RETURN; END IF;
  DELETE FROM revenue_buckets;
  INSERT INTO revenue_buckets (kind, bucket, amount)
  SELECT 'one_time', revenue_bucket(date_time), sum(amount) FROM one_time_cleanings WHERE paid GROUP BY 2;
  INSERT INTO revenue_buckets (kind, bucket, amount)
  SELECT 'recurring', revenue_bucket(submitted_at), sum(amount_paid) FROM recurring_paid GROUP BY 2;
  INSERT INTO revenue_buckets (kind, bucket, amount) VALUES ('built', '-infinity', 0);
END $$;--> statement-breakpoint
SELECT revenue_rebuild();
