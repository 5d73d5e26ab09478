CREATE TABLE `trade_circle_seeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`queued_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`n` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trade_circle_seeds_queued_idx` ON `trade_circle_seeds` (`queued_at`);--> statement-breakpoint
-- The trade-circle pass's seed queue (docs/algorithms/trade-circles.md "The seed queue"), kept by
-- triggers so every path that frees listings queues their members in the same statement: a
-- circle declined (by a member, or dissolved by a withdrawn want or a listing that went) or
-- expired queues its members except the one who declined; a listing that becomes active again
-- and is wanted queues its owner. A member already queued keeps their place (n counts the
-- re-queuings, so the pass does not delete an entry queued again while its page ran).
CREATE TRIGGER `trade_circle_seeds_after_circle_closed` AFTER UPDATE OF `status` ON `trade_circles`
WHEN new.status IN ('declined', 'expired') AND old.status IN ('proposed', 'agreed') BEGIN
	INSERT INTO trade_circle_seeds (user_id, queued_at, n)
	SELECT giver_id, new.updated_at, 1 FROM trade_circle_legs WHERE circle_id = new.id AND decision IS NOT 'declined'
	ON CONFLICT (user_id) DO UPDATE SET n = trade_circle_seeds.n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `trade_circle_seeds_after_listing_active` AFTER UPDATE OF `status` ON `listings`
WHEN new.status = 'active' AND old.status <> 'active' AND EXISTS (SELECT 1 FROM wants WHERE listing_id = new.id) BEGIN
	INSERT INTO trade_circle_seeds (user_id, queued_at, n)
	VALUES (new.user_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1)
	ON CONFLICT (user_id) DO UPDATE SET n = trade_circle_seeds.n + 1;
END;
