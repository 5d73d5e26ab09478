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
