-- A queued message wakes its channel's worker: PostgreSQL delivers a NOTIFY only when the inserting transaction
-- commits (never before, never after a rollback), to every server that LISTENs (lib/outbox-wake.ts).
CREATE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_wake AFTER INSERT ON mail_outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
--> statement-breakpoint
CREATE TRIGGER push_outbox_wake AFTER INSERT ON push_outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
--> statement-breakpoint
CREATE TRIGGER sms_outbox_wake AFTER INSERT ON sms_outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
