-- Reports, blocks and moderation (issue 21; docs/api/moderation.md, decision 034): the blocks,
-- reports, audit log and held-message tables; suspension on users; hidden listings (status 'hidden'
-- with the status to restore), hidden messages and circle lines. New columns go after created_at.
CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
CREATE TABLE `held_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sender_id` integer NOT NULL,
	`receiver_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `held_messages_sender_idx` ON `held_messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `held_messages_receiver_idx` ON `held_messages` (`receiver_id`);--> statement-breakpoint
CREATE INDEX `held_messages_listing_idx` ON `held_messages` (`listing_id`);--> statement-breakpoint
CREATE TABLE `moderation_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`target_user_id` integer,
	`target_label` text DEFAULT '' NOT NULL,
	`report_id` integer,
	`days` integer,
	`note` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_created_idx` ON `moderation_actions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_actions_target_user_idx` ON `moderation_actions` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_actor_idx` ON `moderation_actions` (`actor_id`);--> statement-breakpoint
CREATE INDEX `moderation_actions_report_idx` ON `moderation_actions` (`report_id`) WHERE "moderation_actions"."report_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`target_user_id` integer,
	`reason` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`guard` text,
	`snapshot` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolution` text,
	`resolved_by` integer,
	`resolved_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_reporter_target_idx` ON `reports` (`reporter_id`,`target_type`,`target_id`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_open_target_idx` ON `reports` (`target_type`,`target_id`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_created_idx` ON `reports` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_target_user_idx` ON `reports` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_resolved_by_idx` ON `reports` (`resolved_by`) WHERE "reports"."resolved_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `held_status` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `hidden_at` text;--> statement-breakpoint
ALTER TABLE `trade_circle_messages` ADD `hidden_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` text;--> statement-breakpoint
CREATE INDEX `users_suspended_until_idx` ON `users` (`suspended_until`) WHERE "users"."suspended_until" IS NOT NULL;