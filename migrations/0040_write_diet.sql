DROP INDEX `offers_replaces_idx`;--> statement-breakpoint
DROP INDEX `offers_barter_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `offers_replaces_idx` ON `offers` (`replaces_offer_id`) WHERE "offers"."replaces_offer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `offers_barter_idx` ON `offers` (`barter_id`) WHERE "offers"."barter_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `conversation_summaries` ADD `unread_settled_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `a_unread_settled_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `b_unread_settled_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written:
-- Offers join the id reserves (decision 049, worker/db/id-reserve.ts): inserted with max(id) + 1
-- under a sequence kept 200,000 ahead, so an offer writes no sqlite_sequence row.
INSERT INTO sqlite_sequence (name, seq)
SELECT 'offers', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'offers');
--> statement-breakpoint
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(id) FROM offers), 0) + 200000) WHERE name = 'offers';
