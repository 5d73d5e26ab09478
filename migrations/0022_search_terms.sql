CREATE TABLE `search_terms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fts` text NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`used_at` text NOT NULL,
	`ranked` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_terms_query_idx` ON `search_terms` (`fts`,`category`);--> statement-breakpoint
-- FTS5's own relevance order (ORDER BY rank) uses these bm25 column weights, the same as
-- SEARCH_COLUMN_WEIGHTS (title, description, what the owner wants, want options).
INSERT INTO `listings_fts` (`listings_fts`, `rank`) VALUES ('rank', 'bm25(10.0, 1.0, 3.0, 2.0)');
--> statement-breakpoint
-- Tracked searches' counters (decision 028). A listing counts for a tracked search while it is
-- public and matches its text (and category). Before a change the FTS index still holds the old
-- text, so the old state is counted out in BEFORE triggers; the new one is counted in after the
-- index has the new text (in the index's own triggers, which run that step first).
CREATE TRIGGER `search_terms_before_delete` BEFORE DELETE ON `listings` WHEN old.`status` IN ('active', 'pending') BEGIN
	UPDATE `listing_counts` SET `n` = `n` - 1 WHERE `key` IN (SELECT 's' || t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`))
		OR (old.`latitude` IS NULL AND `key` IN (SELECT 's' || t.`id` || ':u' FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`)));
	UPDATE `listing_places` SET `n` = `n` - 1 WHERE `latitude` = old.`latitude` AND `longitude` = old.`longitude`
		AND `key` IN (SELECT 's' || t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`));
	UPDATE `search_terms` SET `ranked` = NULL WHERE `ranked` IS NOT NULL AND `id` IN (SELECT t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_terms_before_update` BEFORE UPDATE OF `title`, `description`, `what_user_wants`, `what_user_wants_options`, `status`, `latitude`, `longitude` ON `listings`
	WHEN old.`status` IN ('active', 'pending') AND ((old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description` OR old.`what_user_wants` IS NOT new.`what_user_wants` OR old.`what_user_wants_options` IS NOT new.`what_user_wants_options`) OR (old.`status` IN ('active', 'pending')) <> (new.`status` IN ('active', 'pending')) OR old.`latitude` IS NOT new.`latitude` OR old.`longitude` IS NOT new.`longitude`) BEGIN
	UPDATE `listing_counts` SET `n` = `n` - 1 WHERE `key` IN (SELECT 's' || t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`))
		OR (old.`latitude` IS NULL AND `key` IN (SELECT 's' || t.`id` || ':u' FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`)));
	UPDATE `listing_places` SET `n` = `n` - 1 WHERE `latitude` = old.`latitude` AND `longitude` = old.`longitude`
		AND `key` IN (SELECT 's' || t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`));
	UPDATE `search_terms` SET `ranked` = NULL WHERE `ranked` IS NOT NULL AND `id` IN (SELECT t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = old.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`id`));
END;
--> statement-breakpoint
DROP TRIGGER `listings_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES (new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options);
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 's' || t.`id`, 1 FROM `search_terms` t WHERE new.`status` IN ('active', 'pending') AND (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`)
		ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 's' || t.`id` || ':u', 1 FROM `search_terms` t WHERE new.`status` IN ('active', 'pending') AND new.`latitude` IS NULL AND (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`)
		ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`) SELECT 's' || t.`id`, new.`latitude`, new.`longitude`, new.`cell`, 1 FROM `search_terms` t
		WHERE new.`status` IN ('active', 'pending') AND new.`latitude` IS NOT NULL AND new.`longitude` IS NOT NULL AND (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`)
		ON CONFLICT (`key`, `latitude`, `longitude`) DO UPDATE SET `n` = `n` + 1;
	UPDATE `search_terms` SET `ranked` = NULL WHERE new.`status` IN ('active', 'pending') AND `ranked` IS NOT NULL AND `id` IN (SELECT t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`));
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
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 's' || t.`id`, 1 FROM `search_terms` t WHERE new.`status` IN ('active', 'pending') AND (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`)
		ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 's' || t.`id` || ':u', 1 FROM `search_terms` t WHERE new.`status` IN ('active', 'pending') AND new.`latitude` IS NULL AND (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`)
		ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`) SELECT 's' || t.`id`, new.`latitude`, new.`longitude`, new.`cell`, 1 FROM `search_terms` t
		WHERE new.`status` IN ('active', 'pending') AND new.`latitude` IS NOT NULL AND new.`longitude` IS NOT NULL AND (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`)
		ON CONFLICT (`key`, `latitude`, `longitude`) DO UPDATE SET `n` = `n` + 1;
	UPDATE `search_terms` SET `ranked` = NULL WHERE new.`status` IN ('active', 'pending') AND `ranked` IS NOT NULL AND `id` IN (SELECT t.`id` FROM `search_terms` t WHERE (t.`category` = '' OR EXISTS (SELECT 1 FROM `listing_categories` c WHERE c.`listing_id` = new.`id` AND c.`slug` = t.`category`)) AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`id`));
END;
--> statement-breakpoint
CREATE TRIGGER `search_terms_category_insert` AFTER INSERT ON `listing_categories`
	WHEN EXISTS (SELECT 1 FROM `listings` WHERE `id` = new.`listing_id` AND `status` IN ('active', 'pending')) BEGIN
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 's' || t.`id`, 1 FROM `search_terms` t WHERE t.`category` = new.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`listing_id`)
		ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 's' || t.`id` || ':u', 1 FROM `search_terms` t, `listings` l
		WHERE l.`id` = new.`listing_id` AND l.`latitude` IS NULL AND t.`category` = new.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`listing_id`)
		ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`) SELECT 's' || t.`id`, l.`latitude`, l.`longitude`, l.`cell`, 1 FROM `search_terms` t, `listings` l
		WHERE l.`id` = new.`listing_id` AND l.`latitude` IS NOT NULL AND l.`longitude` IS NOT NULL AND t.`category` = new.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = new.`listing_id`)
		ON CONFLICT (`key`, `latitude`, `longitude`) DO UPDATE SET `n` = `n` + 1;
	UPDATE `search_terms` SET `ranked` = NULL WHERE `ranked` IS NOT NULL AND `category` = new.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = new.`listing_id`);
END;
--> statement-breakpoint
-- A category removed while its listing stays (an edit); a deleted listing was counted out before.
CREATE TRIGGER `search_terms_category_delete` AFTER DELETE ON `listing_categories`
	WHEN EXISTS (SELECT 1 FROM `listings` WHERE `id` = old.`listing_id` AND `status` IN ('active', 'pending')) BEGIN
	UPDATE `listing_counts` SET `n` = `n` - 1 WHERE `key` IN (SELECT 's' || t.`id` FROM `search_terms` t WHERE t.`category` = old.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`listing_id`))
		OR `key` IN (SELECT 's' || t.`id` || ':u' FROM `search_terms` t, `listings` l WHERE l.`id` = old.`listing_id` AND l.`latitude` IS NULL AND t.`category` = old.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`listing_id`));
	UPDATE `listing_places` SET `n` = `n` - 1 WHERE (`latitude`, `longitude`) = (SELECT `latitude`, `longitude` FROM `listings` WHERE `id` = old.`listing_id`)
		AND `key` IN (SELECT 's' || t.`id` FROM `search_terms` t WHERE t.`category` = old.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH t.`fts` AND `listings_fts`.`rowid` = old.`listing_id`));
	UPDATE `search_terms` SET `ranked` = NULL WHERE `ranked` IS NOT NULL AND `category` = old.`slug` AND EXISTS (SELECT 1 FROM `listings_fts` WHERE `listings_fts` MATCH `search_terms`.`fts` AND `listings_fts`.`rowid` = old.`listing_id`);
END;
