CREATE TABLE `offer_items` (
	`offer_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	PRIMARY KEY(`offer_id`, `listing_id`),
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offer_items_listing_idx` ON `offer_items` (`listing_id`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`conversation_key` text NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_user_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`text` text,
	`replaces_offer_id` integer,
	`barter_id` integer,
	`responded_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`replaces_offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`barter_id`) REFERENCES `barters`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_open_idx` ON `offers` (`conversation_key`) WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX `offers_conversation_idx` ON `offers` (`conversation_key`,`id`);--> statement-breakpoint
CREATE INDEX `offers_listing_status_idx` ON `offers` (`listing_id`,`status`);--> statement-breakpoint
CREATE INDEX `offers_from_idx` ON `offers` (`from_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `offers_to_idx` ON `offers` (`to_user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_replaces_idx` ON `offers` (`replaces_offer_id`);--> statement-breakpoint
CREATE INDEX `offers_barter_idx` ON `offers` (`barter_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `kind` text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `event` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `event_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_event_key_idx` ON `messages` (`event_key`) WHERE "messages"."event_key" IS NOT NULL;