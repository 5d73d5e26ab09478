DROP INDEX `offers_conversation_idx`;--> statement-breakpoint
DROP INDEX `offers_listing_status_idx`;--> statement-breakpoint
CREATE INDEX `offers_listing_conversation_idx` ON `offers` (`listing_id`,`conversation_key`,`id`);--> statement-breakpoint
-- hand-written:
-- Saved searches join the id reserves (decision 049, "Second round"; worker/db/id-reserve.ts):
-- inserted with max(id) + 1 under a sequence kept 200,000 ahead, so a saved search writes no
-- sqlite_sequence row.
INSERT INTO sqlite_sequence (name, seq)
SELECT 'stored_searches', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'stored_searches');
--> statement-breakpoint
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(id) FROM stored_searches), 0) + 200000) WHERE name = 'stored_searches';
--> statement-breakpoint
-- Sessions WITHOUT ROWID (decision 049, "Second round"): the row is found by its whole key (the id's
-- hash, a text key that a rowid table kept in a second b-tree), so a sign-in writes the row and its
-- two index entries, not a key entry more. Rebuilt with their rows (one per signed-in device,
-- expired ones pruned daily).
CREATE TABLE `sessions_new` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `sessions_new` (`id_hash`, `user_id`, `created_at`, `expires_at`) SELECT `id_hash`, `user_id`, `created_at`, `expires_at` FROM `sessions`;
--> statement-breakpoint
DROP TABLE `sessions`;
--> statement-breakpoint
ALTER TABLE `sessions_new` RENAME TO `sessions`;
--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
