DROP INDEX `offers_conversation_idx`;--> statement-breakpoint
DROP INDEX `offers_listing_status_idx`;--> statement-breakpoint
CREATE INDEX `offers_listing_conversation_idx` ON `offers` (`listing_id`,`conversation_key`,`id`);--> statement-breakpoint
-- hand-written:
-- Listings and saved searches join the id reserves (decision 049, "Second round";
-- worker/db/id-reserve.ts): inserted with max(id) + 1 under a sequence kept 200,000 ahead, so a
-- new listing or saved search writes no sqlite_sequence row.
INSERT INTO sqlite_sequence (name, seq)
SELECT 'stored_searches', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'stored_searches');
--> statement-breakpoint
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(id) FROM stored_searches), 0) + 200000) WHERE name = 'stored_searches';

--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq)
SELECT 'listings', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'listings');
--> statement-breakpoint
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(id) FROM listings), 0) + 200000) WHERE name = 'listings';
