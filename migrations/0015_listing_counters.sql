-- Counter rows for listing reads (decision 020), kept exact by triggers so that every change path
-- (create, edit, delete, account deletion's cascade, admin actions, direct SQL) keeps them right.
-- Public means status active or pending.
--   listing_counts: '*' all public listings, 'cat:<slug>' per category (through the
--     listing_categories junction), 'unplaced' public listings without coordinates.
--   listing_places: per coordinate pair (with its 1° grid cell), '*' the public listings there and
--     'cat:<slug>' those of each category.
INSERT INTO `listing_counts` (`key`, `n`) SELECT '*', count(*) FROM `listings` WHERE `status` IN ('active', 'pending');
--> statement-breakpoint
INSERT INTO `listing_counts` (`key`, `n`) SELECT 'unplaced', count(*) FROM `listings` WHERE `status` IN ('active', 'pending') AND `latitude` IS NULL;
--> statement-breakpoint
INSERT INTO `listing_counts` (`key`, `n`)
	SELECT 'cat:' || c.`slug`, (SELECT count(*) FROM `listing_categories` lc JOIN `listings` l ON l.`id` = lc.`listing_id` WHERE lc.`slug` = c.`slug` AND l.`status` IN ('active', 'pending'))
	FROM `categories` c;
--> statement-breakpoint
INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`)
	SELECT '*', `latitude`, `longitude`, `cell`, count(*) FROM `listings`
	WHERE `status` IN ('active', 'pending') AND `latitude` IS NOT NULL AND `longitude` IS NOT NULL GROUP BY `latitude`, `longitude`;
--> statement-breakpoint
INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`)
	SELECT 'cat:' || lc.`slug`, l.`latitude`, l.`longitude`, l.`cell`, count(*) FROM `listings` l JOIN `listing_categories` lc ON lc.`listing_id` = l.`id`
	WHERE l.`status` IN ('active', 'pending') AND l.`latitude` IS NOT NULL AND l.`longitude` IS NOT NULL GROUP BY lc.`slug`, l.`latitude`, l.`longitude`;
--> statement-breakpoint
CREATE TRIGGER `listing_counts_after_insert` AFTER INSERT ON `listings` WHEN new.`status` IN ('active', 'pending') BEGIN
	INSERT INTO `listing_counts` (`key`, `n`) VALUES ('*', 1) ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 'unplaced', 1 WHERE new.`latitude` IS NULL ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`) SELECT '*', new.`latitude`, new.`longitude`, new.`cell`, 1
		WHERE new.`latitude` IS NOT NULL AND new.`longitude` IS NOT NULL
		ON CONFLICT (`key`, `latitude`, `longitude`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
-- Before the row goes: the category rows still exist here (the cascade removes them after).
CREATE TRIGGER `listing_counts_before_delete` BEFORE DELETE ON `listings` WHEN old.`status` IN ('active', 'pending') BEGIN
	UPDATE `listing_counts` SET `n` = `n` - 1 WHERE `key` = '*' OR (`key` = 'unplaced' AND old.`latitude` IS NULL)
		OR `key` IN (SELECT 'cat:' || `slug` FROM `listing_categories` WHERE `listing_id` = old.`id`);
	UPDATE `listing_places` SET `n` = `n` - 1 WHERE `latitude` = old.`latitude` AND `longitude` = old.`longitude`
		AND (`key` = '*' OR `key` IN (SELECT 'cat:' || `slug` FROM `listing_categories` WHERE `listing_id` = old.`id`));
END;
--> statement-breakpoint
CREATE TRIGGER `listing_counts_after_update` AFTER UPDATE OF `status`, `latitude`, `longitude` ON `listings`
	WHEN (old.`status` IN ('active', 'pending')) <> (new.`status` IN ('active', 'pending'))
		OR (new.`status` IN ('active', 'pending') AND (old.`latitude` IS NOT new.`latitude` OR old.`longitude` IS NOT new.`longitude`)) BEGIN
	-- Take the old state out, then put the new one in.
	UPDATE `listing_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'pending') AND (`key` = '*' OR (`key` = 'unplaced' AND old.`latitude` IS NULL)
		OR `key` IN (SELECT 'cat:' || `slug` FROM `listing_categories` WHERE `listing_id` = old.`id`));
	UPDATE `listing_places` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'pending') AND `latitude` = old.`latitude` AND `longitude` = old.`longitude`
		AND (`key` = '*' OR `key` IN (SELECT 'cat:' || `slug` FROM `listing_categories` WHERE `listing_id` = old.`id`));
	INSERT INTO `listing_counts` (`key`, `n`) SELECT '*', 1 WHERE new.`status` IN ('active', 'pending') ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 'unplaced', 1 WHERE new.`status` IN ('active', 'pending') AND new.`latitude` IS NULL ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_counts` (`key`, `n`) SELECT 'cat:' || `slug`, 1 FROM `listing_categories` WHERE new.`status` IN ('active', 'pending') AND `listing_id` = new.`id`
		ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`)
		SELECT '*', new.`latitude`, new.`longitude`, new.`cell`, 1 WHERE new.`status` IN ('active', 'pending') AND new.`latitude` IS NOT NULL AND new.`longitude` IS NOT NULL
		UNION ALL SELECT 'cat:' || `slug`, new.`latitude`, new.`longitude`, new.`cell`, 1 FROM `listing_categories`
		WHERE `listing_id` = new.`id` AND new.`status` IN ('active', 'pending') AND new.`latitude` IS NOT NULL AND new.`longitude` IS NOT NULL
		ON CONFLICT (`key`, `latitude`, `longitude`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `listing_counts_category_insert` AFTER INSERT ON `listing_categories`
	WHEN EXISTS (SELECT 1 FROM `listings` WHERE `id` = new.`listing_id` AND `status` IN ('active', 'pending')) BEGIN
	INSERT INTO `listing_counts` (`key`, `n`) VALUES ('cat:' || new.`slug`, 1) ON CONFLICT (`key`) DO UPDATE SET `n` = `n` + 1;
	INSERT INTO `listing_places` (`key`, `latitude`, `longitude`, `cell`, `n`)
		SELECT 'cat:' || new.`slug`, `latitude`, `longitude`, `cell`, 1 FROM `listings` WHERE `id` = new.`listing_id` AND `latitude` IS NOT NULL AND `longitude` IS NOT NULL
		ON CONFLICT (`key`, `latitude`, `longitude`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
-- A category row removed while its listing stays (an edit); in a listing's delete the listing is
-- already gone here, and its before-delete trigger has counted it out.
CREATE TRIGGER `listing_counts_category_delete` AFTER DELETE ON `listing_categories`
	WHEN EXISTS (SELECT 1 FROM `listings` WHERE `id` = old.`listing_id` AND `status` IN ('active', 'pending')) BEGIN
	UPDATE `listing_counts` SET `n` = `n` - 1 WHERE `key` = 'cat:' || old.`slug`;
	UPDATE `listing_places` SET `n` = `n` - 1 WHERE `key` = 'cat:' || old.`slug`
		AND (`latitude`, `longitude`) = (SELECT `latitude`, `longitude` FROM `listings` WHERE `id` = old.`listing_id`);
END;
