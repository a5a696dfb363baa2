-- The live change feed (src/server/events): every change to a user's saved properties or
-- subscription is announced on the 'user_changes' channel, whichever process made it.
CREATE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'user_changes',
    json_build_object('userId', COALESCE(NEW.user_id, OLD.user_id), 'table', TG_TABLE_NAME)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER saved_properties_notify_user_change
  AFTER INSERT OR UPDATE OR DELETE ON saved_properties
  FOR EACH ROW EXECUTE FUNCTION notify_user_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_user_change
  AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_user_change();
