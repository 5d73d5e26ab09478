CREATE TABLE `trade_circle_legs` (
	`circle_id` integer NOT NULL,
	`position` integer NOT NULL,
	`giver_id` integer NOT NULL,
	`receiver_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`decision` text,
	`barter_id` integer,
	`open` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`circle_id`, `position`),
	FOREIGN KEY (`circle_id`) REFERENCES `trade_circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`barter_id`) REFERENCES `barters`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trade_circle_legs_open_listing_idx` ON `trade_circle_legs` (`listing_id`) WHERE "trade_circle_legs"."open" = 1;--> statement-breakpoint
CREATE INDEX `trade_circle_legs_giver_idx` ON `trade_circle_legs` (`giver_id`,`circle_id`);--> statement-breakpoint
CREATE INDEX `trade_circle_legs_receiver_idx` ON `trade_circle_legs` (`receiver_id`,`circle_id`);--> statement-breakpoint
CREATE INDEX `trade_circle_legs_listing_idx` ON `trade_circle_legs` (`listing_id`);--> statement-breakpoint
CREATE TABLE `trade_circle_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`sender_id` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `trade_circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trade_circle_messages_circle_idx` ON `trade_circle_messages` (`circle_id`,`id`);--> statement-breakpoint
CREATE INDEX `trade_circle_messages_sender_idx` ON `trade_circle_messages` (`sender_id`);--> statement-breakpoint
CREATE TABLE `trade_circles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`legs_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trade_circles_legs_key_idx` ON `trade_circles` (`legs_key`,`status`);--> statement-breakpoint
CREATE INDEX `trade_circles_status_expires_idx` ON `trade_circles` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `wants` (
	`user_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `listing_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wants_listing_idx` ON `wants` (`listing_id`);--> statement-breakpoint
CREATE INDEX `wants_user_created_idx` ON `wants` (`user_id`,`created_at`);