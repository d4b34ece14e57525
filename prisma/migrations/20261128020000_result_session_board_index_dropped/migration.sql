-- A session's results are found through its sections (the unique indexes on "sectionId", board and
-- pair lead with the section): an index on ("sessionId", "boardNumber") was a fifth index every
-- inserted line paid for (~0.25 s of a national import's 240,000 lines) and no query needed.
DROP INDEX "Result_sessionId_boardNumber_idx";
