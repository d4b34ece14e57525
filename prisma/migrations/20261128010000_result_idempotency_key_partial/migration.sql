-- A line's idempotency key is unique in its session; most lines have none (every imported line,
-- every line a pad posts without one), and a null key never conflicts. The index now holds only the
-- lines that have one, so a national import's 240,000 lines are not entered in it.
DROP INDEX "Result_sessionId_idempotencyKey_key";
CREATE UNIQUE INDEX "Result_sessionId_idempotencyKey_key" ON "Result" ("sessionId", "idempotencyKey") WHERE "idempotencyKey" IS NOT NULL;
