CREATE TABLE `conversation_summaries` (
	`user_id` integer NOT NULL,
	`partner_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`last_message_id` integer NOT NULL,
	`last_message` text NOT NULL,
	`last_message_time` text NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `listing_id`, `partner_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_summaries_user_recent_idx` ON `conversation_summaries` (`user_id`,`last_message_time`,`last_message_id`);--> statement-breakpoint
CREATE INDEX `conversation_summaries_partner_idx` ON `conversation_summaries` (`partner_id`);--> statement-breakpoint
CREATE INDEX `conversation_summaries_listing_idx` ON `conversation_summaries` (`listing_id`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `messages_listing_pair_idx`;--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`receiver_id`,`listing_id`,`sender_id`) WHERE "messages"."read" = 0;--> statement-breakpoint
CREATE INDEX `messages_listing_pair_idx` ON `messages` (`listing_id`,`sender_id`,`receiver_id`,`created_at`);