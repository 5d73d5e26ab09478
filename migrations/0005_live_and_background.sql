CREATE TABLE `cron_runs` (
	`job` text NOT NULL,
	`scheduled_at` text NOT NULL,
	`ran_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`job`, `scheduled_at`)
);
--> statement-breakpoint
CREATE TABLE `message_email_notices` (
	`user_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`partner_id` integer NOT NULL,
	`last_sent_at` text NOT NULL,
	`last_message_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `listing_id`, `partner_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_email_notices_partner_idx` ON `message_email_notices` (`partner_id`);--> statement-breakpoint
CREATE INDEX `message_email_notices_listing_idx` ON `message_email_notices` (`listing_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`subject_key` text NOT NULL,
	`text` text NOT NULL,
	`link` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_user_subject_idx` ON `notifications` (`user_id`,`subject_key`);--> statement-breakpoint
CREATE INDEX `notifications_user_updated_idx` ON `notifications` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE TABLE `places` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`search_name` text NOT NULL,
	`region` text,
	`country` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`population` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `places_search_name_idx` ON `places` (`search_name`,`population`);--> statement-breakpoint
ALTER TABLE `listings` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `listings` ADD `longitude` real;--> statement-breakpoint
CREATE INDEX `listings_coordinates_idx` ON `listings` (`latitude`,`longitude`);