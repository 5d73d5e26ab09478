CREATE TABLE `listing_counts` (
	`key` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `listing_places` (
	`key` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`cell` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `latitude`, `longitude`)
);
--> statement-breakpoint
CREATE INDEX `listing_places_key_cell_idx` ON `listing_places` (`key`,`cell`);--> statement-breakpoint
ALTER TABLE `listings` ADD `cell` integer GENERATED ALWAYS AS (CAST(latitude + 90 AS INTEGER) * 360 + CAST(longitude + 180 AS INTEGER) % 360) VIRTUAL;--> statement-breakpoint
CREATE INDEX `listings_public_created_idx` ON `listings` (`created_at`,`id`) WHERE status IN ('active', 'pending');--> statement-breakpoint
CREATE INDEX `listings_public_cell_idx` ON `listings` (`cell`,`created_at`,`id`) WHERE status IN ('active', 'pending');