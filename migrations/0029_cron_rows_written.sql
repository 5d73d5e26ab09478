CREATE TABLE `alert_batch` (
	`id` integer PRIMARY KEY NOT NULL,
	`listing_ids` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
INSERT INTO `alert_batch` (`id`, `listing_ids`) VALUES (1, '[]');
--> statement-breakpoint
-- The saved-search alerts' listings (decision 029, "Cron rows written"): those whose ids alert_batch
-- holds, found by a rowid range (the ids' first and last) and checked against the list.
CREATE VIEW `alert_listings` AS
	SELECT l.`id`, l.`title`, l.`description`, l.`what_user_wants`, l.`what_user_wants_options`
	FROM `alert_batch` b CROSS JOIN `listings` l
	WHERE b.`id` = 1
		AND l.`id` BETWEEN json_extract(b.`listing_ids`, '$[0]') AND json_extract(b.`listing_ids`, '$[#-1]')
		AND instr(replace(replace(b.`listing_ids`, '[', ','), ']', ','), ',' || l.`id` || ',') > 0;
--> statement-breakpoint
-- The scratch index of migration 0012 wrote two rows per listing and run (its copy and its delete).
-- Its replacement indexes the view above (same columns and tokenizer as listings_fts, so a query
-- matches a listing here exactly when it matches there) and is refilled with one 'rebuild' command,
-- which D1 counts as one row written. Its contents stay until the next rebuild; nothing else reads it.
DROP TABLE `alert_listings_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `alert_listings_fts` USING fts5(
	title, description, what_user_wants, what_user_wants_options,
	content='alert_listings', content_rowid='id', columnsize=0,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- A circle's legs: the composite primary key kept a second b-tree beside the rowid table, so each
-- leg a proposal inserted wrote six rows (row, key, four indexes); WITHOUT ROWID keeps the row in the
-- key's b-tree: five. No table references the legs and no trigger is on them; rebuilt with their rows.
-- The seed queue's trigger on trade_circles reads them, so it is dropped and made again unchanged.
DROP TRIGGER `trade_circle_seeds_after_circle_closed`;
--> statement-breakpoint
CREATE TABLE `trade_circle_legs_new` (
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
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `trade_circle_legs_new` (`circle_id`, `position`, `giver_id`, `receiver_id`, `listing_id`, `decision`, `barter_id`, `open`)
	SELECT `circle_id`, `position`, `giver_id`, `receiver_id`, `listing_id`, `decision`, `barter_id`, `open` FROM `trade_circle_legs`;
--> statement-breakpoint
DROP TABLE `trade_circle_legs`;
--> statement-breakpoint
ALTER TABLE `trade_circle_legs_new` RENAME TO `trade_circle_legs`;
--> statement-breakpoint
CREATE UNIQUE INDEX `trade_circle_legs_open_listing_idx` ON `trade_circle_legs` (`listing_id`) WHERE "trade_circle_legs"."open" = 1;
--> statement-breakpoint
CREATE INDEX `trade_circle_legs_giver_idx` ON `trade_circle_legs` (`giver_id`,`circle_id`);
--> statement-breakpoint
CREATE INDEX `trade_circle_legs_receiver_idx` ON `trade_circle_legs` (`receiver_id`,`circle_id`);
--> statement-breakpoint
CREATE INDEX `trade_circle_legs_listing_idx` ON `trade_circle_legs` (`listing_id`);
--> statement-breakpoint
CREATE TRIGGER `trade_circle_seeds_after_circle_closed` AFTER UPDATE OF `status` ON `trade_circles`
WHEN new.status IN ('declined', 'expired') AND old.status IN ('proposed', 'agreed') BEGIN
	INSERT INTO trade_circle_seeds (user_id, queued_at, n)
	SELECT giver_id, new.updated_at, 1 FROM trade_circle_legs WHERE circle_id = new.id AND decision IS NOT 'declined'
	ON CONFLICT (user_id) DO UPDATE SET n = trade_circle_seeds.n + 1;
END;
