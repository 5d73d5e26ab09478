-- The admin listings search walks its hits in id order (docs/decisions/026-admin-reads.md, "Search
-- in id order"). The admin_counters row 'listings_in_order_from' marks where ids start to follow
-- the page order: every listing whose id is at least its value was created no earlier than every
-- listing of a lower id. Listings created through the API (created_at = the insert's time, ids
-- growing) keep it where it is; any insert or change that breaks the order moves it above every
-- id there is, so the search stays exact (the listings below it are sorted as before).
INSERT INTO `admin_counters` (`name`, `value`)
SELECT 'listings_in_order_from', coalesce(max(`id`), 0) + 1 FROM (
	SELECT `id`, `created_at`, max(`created_at`) OVER (ORDER BY `id` ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS `latest_before`
	FROM `listings`
) WHERE `created_at` < `latest_before`
ON CONFLICT (`name`) DO UPDATE SET `value` = excluded.`value`;
--> statement-breakpoint
-- A new listing keeps the order when no listing has a higher id or a later created_at (ties are
-- in order: the id breaks them). Both checks are one index seek.
CREATE TRIGGER `listings_in_order_after_insert` AFTER INSERT ON `listings`
WHEN EXISTS (SELECT 1 FROM `listings` WHERE `id` > new.`id`) OR EXISTS (SELECT 1 FROM `listings` WHERE `created_at` > new.`created_at`)
BEGIN
	UPDATE `admin_counters` SET `value` = max(`value`, (SELECT max(`id`) FROM `listings`) + 1) WHERE `name` = 'listings_in_order_from';
END;
--> statement-breakpoint
CREATE TRIGGER `listings_in_order_after_update` AFTER UPDATE OF `id`, `created_at` ON `listings`
WHEN new.`id` IS NOT old.`id` OR new.`created_at` IS NOT old.`created_at`
BEGIN
	UPDATE `admin_counters` SET `value` = max(`value`, (SELECT max(`id`) FROM `listings`) + 1) WHERE `name` = 'listings_in_order_from';
END;
