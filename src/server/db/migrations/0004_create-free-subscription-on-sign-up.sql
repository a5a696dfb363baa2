-- §4: sign-up creates the user's free subscription row in the same transaction. A trigger
-- runs inside the statement that inserts the user, so the two rows commit or fail together,
-- whoever inserts the user (Better Auth's sign-up, a test, an admin script).
CREATE FUNCTION create_free_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriptions (user_id, status) VALUES (NEW.id, 'free')
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_create_free_subscription
  AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_free_subscription();
