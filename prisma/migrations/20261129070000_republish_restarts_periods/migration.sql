-- DOMAIN §8.1: an event whose conditions restart the correction and appeal periods when a session
-- is published again after a correction.
ALTER TABLE "Event" ADD COLUMN "republishRestartsPeriods" BOOLEAN NOT NULL DEFAULT false;
