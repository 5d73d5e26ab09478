CREATE TABLE `newsletter_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirm_token_hash` text,
	`confirm_token_expires` text,
	`unsubscribe_token_hash` text NOT NULL,
	`confirmed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_email_lower_idx` ON `newsletter_subscriptions` (lower("email"));--> statement-breakpoint
CREATE INDEX `newsletter_confirm_token_idx` ON `newsletter_subscriptions` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_unsubscribe_token_idx` ON `newsletter_subscriptions` (`unsubscribe_token_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_status_idx` ON `newsletter_subscriptions` (`status`);