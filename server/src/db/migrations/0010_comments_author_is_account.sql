-- Issue 13: comments are shown under their account's username. Before it, the author was whatever the
-- form sent ("WheelsOnWeb Support", "Arjun Mehta (Owner)"); every comment posted from an account now
-- shows that account's name, so no earlier comment keeps speaking for someone else. Comments with no
-- account keep the name they were posted under.
UPDATE "comments" SET "author" = "accounts"."username"
FROM "accounts"
WHERE "comments"."account_id" = "accounts"."id" AND "comments"."author" IS DISTINCT FROM "accounts"."username";
