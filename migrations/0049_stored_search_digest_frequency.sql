-- A saved search's digest frequency (decision 063, "Digest frequency"): its matches are emailed at
-- most once a day unless the member chooses every run ('immediate') or once a week; searches saved
-- before this take the default. last_digest_at is the alert run that last emailed them (no index:
-- only read beside the rows the alert cron already reads).
ALTER TABLE `stored_searches` ADD `digest_frequency` text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE `stored_searches` ADD `last_digest_at` text;
