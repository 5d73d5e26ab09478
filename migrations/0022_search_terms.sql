CREATE TABLE `search_terms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fts` text NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`used_at` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`unplaced` integer DEFAULT 0 NOT NULL,
	`places` text DEFAULT '{}' NOT NULL,
	`ranked` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_terms_query_idx` ON `search_terms` (`fts`,`category`);--> statement-breakpoint
-- FTS5's own relevance order (ORDER BY rank) uses these bm25 column weights, the same as
-- SEARCH_COLUMN_WEIGHTS (title, description, what the owner wants, want options).
INSERT INTO `listings_fts` (`listings_fts`, `rank`) VALUES ('rank', 'bm25(10.0, 1.0, 3.0, 2.0)');
--> statement-breakpoint
-- Tracked searches' counts (decision 030). A listing counts for a tracked search while it is
-- public and matches its text (and category). Before a change the FTS index still holds the old
-- text, so the old state is counted out in BEFORE triggers; the new one is counted in once the
-- index has the new text (in the index's own triggers, after they update it). Each statement
-- checks each tracked search against the one listing by rowid: one index lookup per search.
CREATE TRIGGER `search_terms_before_delete` BEFORE DELETE ON `listings` WHEN old.`status` IN ('active', 'pending') BEGIN
	UPDATE `search_terms` SET `total` = `total` - 1,
		`unplaced` = `unplaced` - (old.`latitude` IS NULL),
		`places` = CASE WHEN old.`latitude` IS NULL THEN `places` ELSE json_set(`places`, '$."' || old.`cell` || '"."' || old.`latitude` || ',' || old.`longitude` || '"', coalesce(json_extract(`places`, '$."' || old.`cell` || '"."' || old.`latitude` || ',' || old.`longitude` || '"'), 0) - 1) END,
		`ranked` = NULL
	WHERE (`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = `search_terms`.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = old.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_terms_before_update` BEFORE UPDATE OF `title`, `description`, `what_user_wants`, `what_user_wants_options`, `status`, `latitude`, `longitude` ON `listings`
	WHEN old.`status` IN ('active', 'pending') AND ((old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description` OR old.`what_user_wants` IS NOT new.`what_user_wants` OR old.`what_user_wants_options` IS NOT new.`what_user_wants_options`) OR (old.`status` IN ('active', 'pending')) <> (new.`status` IN ('active', 'pending')) OR old.`latitude` IS NOT new.`latitude` OR old.`longitude` IS NOT new.`longitude`) BEGIN
	UPDATE `search_terms` SET `total` = `total` - 1,
		`unplaced` = `unplaced` - (old.`latitude` IS NULL),
		`places` = CASE WHEN old.`latitude` IS NULL THEN `places` ELSE json_set(`places`, '$."' || old.`cell` || '"."' || old.`latitude` || ',' || old.`longitude` || '"', coalesce(json_extract(`places`, '$."' || old.`cell` || '"."' || old.`latitude` || ',' || old.`longitude` || '"'), 0) - 1) END,
		`ranked` = NULL
	WHERE (`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = `search_terms`.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = old.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `listings_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES (new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options);
	UPDATE `search_terms` SET `total` = `total` + 1,
		`unplaced` = `unplaced` + (new.`latitude` IS NULL),
		`places` = CASE WHEN new.`latitude` IS NULL THEN `places` ELSE json_set(`places`, '$."' || new.`cell` || '"."' || new.`latitude` || ',' || new.`longitude` || '"', coalesce(json_extract(`places`, '$."' || new.`cell` || '"."' || new.`latitude` || ',' || new.`longitude` || '"'), 0) + 1) END,
		`ranked` = NULL
	WHERE new.`status` IN ('active', 'pending') AND (`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = `search_terms`.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = new.`id`);
END;
--> statement-breakpoint
-- Reindexes only when the text changed (it used to on every update naming a text column).
DROP TRIGGER `listings_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF `title`, `description`, `what_user_wants`, `what_user_wants_options`, `status`, `latitude`, `longitude` ON `listings`
	WHEN ((old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description` OR old.`what_user_wants` IS NOT new.`what_user_wants` OR old.`what_user_wants_options` IS NOT new.`what_user_wants_options`) OR (old.`status` IN ('active', 'pending')) <> (new.`status` IN ('active', 'pending')) OR old.`latitude` IS NOT new.`latitude` OR old.`longitude` IS NOT new.`longitude`) BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, what_user_wants, what_user_wants_options)
	SELECT 'delete', old.id, old.title, old.description, old.what_user_wants, old.what_user_wants_options WHERE (old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description` OR old.`what_user_wants` IS NOT new.`what_user_wants` OR old.`what_user_wants_options` IS NOT new.`what_user_wants_options`);
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options)
	SELECT new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options WHERE (old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description` OR old.`what_user_wants` IS NOT new.`what_user_wants` OR old.`what_user_wants_options` IS NOT new.`what_user_wants_options`);
	UPDATE `search_terms` SET `total` = `total` + 1,
		`unplaced` = `unplaced` + (new.`latitude` IS NULL),
		`places` = CASE WHEN new.`latitude` IS NULL THEN `places` ELSE json_set(`places`, '$."' || new.`cell` || '"."' || new.`latitude` || ',' || new.`longitude` || '"', coalesce(json_extract(`places`, '$."' || new.`cell` || '"."' || new.`latitude` || ',' || new.`longitude` || '"'), 0) + 1) END,
		`ranked` = NULL
	WHERE new.`status` IN ('active', 'pending') AND (`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = `search_terms`.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_terms_category_insert` AFTER INSERT ON `listing_categories`
	WHEN EXISTS (SELECT 1 FROM `listings` WHERE `id` = new.`listing_id` AND `status` IN ('active', 'pending')) BEGIN
	UPDATE `search_terms` SET `total` = `total` + 1,
		`unplaced` = `unplaced` + (l.`latitude` IS NULL),
		`places` = CASE WHEN l.`latitude` IS NULL THEN `places` ELSE json_set(`places`, '$."' || l.`cell` || '"."' || l.`latitude` || ',' || l.`longitude` || '"', coalesce(json_extract(`places`, '$."' || l.`cell` || '"."' || l.`latitude` || ',' || l.`longitude` || '"'), 0) + 1) END,
		`ranked` = NULL
	FROM (SELECT `latitude`, `longitude`, `cell` FROM `listings` WHERE `id` = new.`listing_id`) AS l
	WHERE `category` = new.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = new.`listing_id`);
END;
--> statement-breakpoint
-- A category removed while its listing stays (an edit); a deleted listing was counted out before.
CREATE TRIGGER `search_terms_category_delete` AFTER DELETE ON `listing_categories`
	WHEN EXISTS (SELECT 1 FROM `listings` WHERE `id` = old.`listing_id` AND `status` IN ('active', 'pending')) BEGIN
	UPDATE `search_terms` SET `total` = `total` - 1,
		`unplaced` = `unplaced` - (l.`latitude` IS NULL),
		`places` = CASE WHEN l.`latitude` IS NULL THEN `places` ELSE json_set(`places`, '$."' || l.`cell` || '"."' || l.`latitude` || ',' || l.`longitude` || '"', coalesce(json_extract(`places`, '$."' || l.`cell` || '"."' || l.`latitude` || ',' || l.`longitude` || '"'), 0) - 1) END,
		`ranked` = NULL
	FROM (SELECT `latitude`, `longitude`, `cell` FROM `listings` WHERE `id` = old.`listing_id`) AS l
	WHERE `category` = old.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = old.`listing_id`);
END;
