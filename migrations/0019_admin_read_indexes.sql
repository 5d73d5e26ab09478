CREATE TABLE `admin_counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_pending_error_idx` ON `email_outbox` (`priority`) WHERE status = 'pending' AND last_error IS NOT NULL;--> statement-breakpoint
CREATE INDEX `listings_created_idx` ON `listings` (`created_at`,`id`);