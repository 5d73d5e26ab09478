DROP INDEX `rate_limits_reset_idx`;--> statement-breakpoint
-- Rows written (decision 029). D1 counts every row and index entry a statement writes. A table with
-- a text or composite primary key keeps that key in a second b-tree, so each new row wrote two;
-- WITHOUT ROWID keeps the row in the key's b-tree: one. Rate-limit hits and cron claims are the
-- small, hot inserts of this kind. Both tables are rebuilt with their rows (they stay small:
-- rate limits are pruned daily; the ledger holds a few rows per run).
CREATE TABLE `rate_limits_new` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `rate_limits_new` (`key`, `count`, `reset_at`) SELECT `key`, `count`, `reset_at` FROM `rate_limits`;
--> statement-breakpoint
DROP TABLE `rate_limits`;
--> statement-breakpoint
ALTER TABLE `rate_limits_new` RENAME TO `rate_limits`;
--> statement-breakpoint
CREATE TABLE `cron_runs_new` (
	`job` text NOT NULL,
	`scheduled_at` text NOT NULL,
	`ran_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`job`, `scheduled_at`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `cron_runs_new` (`job`, `scheduled_at`, `ran_at`) SELECT `job`, `scheduled_at`, `ran_at` FROM `cron_runs`;
--> statement-breakpoint
DROP TABLE `cron_runs`;
--> statement-breakpoint
ALTER TABLE `cron_runs_new` RENAME TO `cron_runs`;
