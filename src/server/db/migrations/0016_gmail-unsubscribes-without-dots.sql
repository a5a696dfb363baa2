-- Unsubscribes at Gmail are compared without dots in the local part and on gmail.com
-- (unsubscribe-token.ts normalizeUnsubscribeEmail): rows stored before get that form as well.
INSERT INTO "email_unsubscribes" ("email", "created_at")
SELECT replace(split_part("email", '@', 1), '.', '') || '@gmail.com', "created_at"
FROM "email_unsubscribes"
WHERE split_part("email", '@', 2) IN ('gmail.com', 'googlemail.com')
ON CONFLICT ("email") DO NOTHING;
