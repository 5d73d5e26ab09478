CREATE TABLE `email_daily_sends` (
	`day` text PRIMARY KEY NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`last_grant` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `email_outbox_status_idx`;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `priority` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_queue_idx` ON `email_outbox` (`status`,`priority`);