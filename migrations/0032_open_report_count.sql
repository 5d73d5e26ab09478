-- The moderation queue's open count (docs/api/moderation.md, decision 034): the header shows admins
-- how many reports are open, polled every 30 s. Counting them would read every open report's index
-- entry on each poll (2,000 rows at the bench's scale); an admin_counters row kept by triggers, like
-- the dashboard's totals (0020), is one row read. Every path keeps it exact: a report filed (open),
-- resolved, reopened by direct SQL, or deleted.
INSERT INTO `admin_counters` (`name`, `value`)
SELECT 'reports_open', count(*) FROM `reports` WHERE `status` = 'open'
ON CONFLICT (`name`) DO UPDATE SET `value` = excluded.`value`;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_report_insert` AFTER INSERT ON `reports` WHEN new.`status` = 'open' BEGIN
	UPDATE `admin_counters` SET `value` = `value` + 1 WHERE `name` = 'reports_open';
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_report_status` AFTER UPDATE OF `status` ON `reports` WHEN (old.`status` = 'open') <> (new.`status` = 'open') BEGIN
	UPDATE `admin_counters` SET `value` = `value` + CASE WHEN new.`status` = 'open' THEN 1 ELSE -1 END WHERE `name` = 'reports_open';
END;
--> statement-breakpoint
CREATE TRIGGER `admin_counters_after_report_delete` AFTER DELETE ON `reports` WHEN old.`status` = 'open' BEGIN
	UPDATE `admin_counters` SET `value` = `value` - 1 WHERE `name` = 'reports_open';
END;
