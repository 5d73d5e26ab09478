-- hand-written: a listing being deleted (status 'deleted', decision 042 "Listing deletion") leaves
-- the admin's count of listings when it is marked, not when its row finally goes (the cron
-- deletes the row after its dependants, possibly several runs later). Its featured flag is
-- cleared in the marking update, so the featured count follows through its own trigger.
DROP TRIGGER `admin_counters_after_listing_delete`;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_listing_delete` AFTER DELETE ON `listings` WHEN old.`status` <> 'deleted' BEGIN
	UPDATE `admin_counters` SET `value` = `value` - 1 WHERE `name` = 'listings' OR (`name` = 'listings_featured' AND old.`is_featured` = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_listing_deleting` AFTER UPDATE OF `status` ON `listings` WHEN new.`status` = 'deleted' AND old.`status` <> 'deleted' BEGIN
	UPDATE `admin_counters` SET `value` = `value` - 1 WHERE `name` = 'listings';
END;
