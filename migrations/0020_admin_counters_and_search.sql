-- The admin dashboard's reads at scale (docs/decisions/026-admin-reads.md): counter rows for its
-- totals, kept exact by triggers like those of 0015 and 0017, and trigram search indexes for its
-- two search boxes, kept by triggers too.

-- Totals: every listing of every status, the featured ones, and the outbox rows waiting. Their own
-- table (admin_counters, created by 0019) beside `counters`, whose rows are the public figures.
INSERT INTO `admin_counters` (`name`, `value`)
SELECT 'listings', count(*) FROM `listings`
UNION ALL SELECT 'listings_featured', count(*) FROM `listings` WHERE `is_featured` = 1
UNION ALL SELECT 'email_pending', count(*) FROM `email_outbox` WHERE `status` = 'pending'
ON CONFLICT (`name`) DO UPDATE SET `value` = excluded.`value`;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_listing_insert` AFTER INSERT ON `listings` BEGIN
	UPDATE `admin_counters` SET `value` = `value` + 1 WHERE `name` = 'listings' OR (`name` = 'listings_featured' AND new.`is_featured` = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_listing_delete` AFTER DELETE ON `listings` BEGIN
	UPDATE `admin_counters` SET `value` = `value` - 1 WHERE `name` = 'listings' OR (`name` = 'listings_featured' AND old.`is_featured` = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_listing_featured` AFTER UPDATE OF `is_featured` ON `listings` WHEN (old.`is_featured` = 1) <> (new.`is_featured` = 1) BEGIN
	UPDATE `admin_counters` SET `value` = `value` + CASE WHEN new.`is_featured` = 1 THEN 1 ELSE -1 END WHERE `name` = 'listings_featured';
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_outbox_insert` AFTER INSERT ON `email_outbox` WHEN new.`status` = 'pending' BEGIN
	UPDATE `admin_counters` SET `value` = `value` + 1 WHERE `name` = 'email_pending';
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_outbox_delete` AFTER DELETE ON `email_outbox` WHEN old.`status` = 'pending' BEGIN
	UPDATE `admin_counters` SET `value` = `value` - 1 WHERE `name` = 'email_pending';
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_outbox_status` AFTER UPDATE OF `status` ON `email_outbox` WHEN (old.`status` = 'pending') <> (new.`status` = 'pending') BEGIN
	UPDATE `admin_counters` SET `value` = `value` + CASE WHEN new.`status` = 'pending' THEN 1 ELSE -1 END WHERE `name` = 'email_pending';
END;
--> statement-breakpoint
-- Search: substring matches ("ann" finds "Joanna") through FTS5's trigram tokenizer, over the
-- tables' own text (external content: the index stores no second copy). The users tab searches
-- name, username and email; the listings tab title and place here, and the owner's name and
-- username through admin_users_fts.
CREATE VIRTUAL TABLE `admin_users_fts` USING fts5(`display_name`, `username`, `email`, content='users', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `admin_users_fts` (`admin_users_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `admin_users_fts_after_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO `admin_users_fts` (`rowid`, `display_name`, `username`, `email`) VALUES (new.`id`, new.`display_name`, new.`username`, new.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_users_fts_after_delete` AFTER DELETE ON `users` BEGIN
	INSERT INTO `admin_users_fts` (`admin_users_fts`, `rowid`, `display_name`, `username`, `email`) VALUES ('delete', old.`id`, old.`display_name`, old.`username`, old.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_users_fts_after_update` AFTER UPDATE OF `display_name`, `username`, `email` ON `users` BEGIN
	INSERT INTO `admin_users_fts` (`admin_users_fts`, `rowid`, `display_name`, `username`, `email`) VALUES ('delete', old.`id`, old.`display_name`, old.`username`, old.`email`);
	INSERT INTO `admin_users_fts` (`rowid`, `display_name`, `username`, `email`) VALUES (new.`id`, new.`display_name`, new.`username`, new.`email`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `admin_listings_fts` USING fts5(`title`, `location`, content='listings', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `admin_listings_fts` (`admin_listings_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `admin_listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO `admin_listings_fts` (`rowid`, `title`, `location`) VALUES (new.`id`, new.`title`, new.`location`);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_listings_fts_after_delete` AFTER DELETE ON `listings` BEGIN
	INSERT INTO `admin_listings_fts` (`admin_listings_fts`, `rowid`, `title`, `location`) VALUES ('delete', old.`id`, old.`title`, old.`location`);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_listings_fts_after_update` AFTER UPDATE OF `title`, `location` ON `listings` BEGIN
	INSERT INTO `admin_listings_fts` (`admin_listings_fts`, `rowid`, `title`, `location`) VALUES ('delete', old.`id`, old.`title`, old.`location`);
	INSERT INTO `admin_listings_fts` (`rowid`, `title`, `location`) VALUES (new.`id`, new.`title`, new.`location`);
END;
