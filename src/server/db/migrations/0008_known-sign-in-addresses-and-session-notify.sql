CREATE TABLE "known_sign_in_addresses" (
	"key" text PRIMARY KEY NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A session that ends (sign-out, revocation on password reset, expiry clean-up) is announced on
-- 'user_changes', so every process closes that session's live event streams at once.
CREATE TRIGGER session_notify_user_change
  AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_user_change();
