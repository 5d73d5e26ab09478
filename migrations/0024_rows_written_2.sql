-- Rows written, second pass (decision 029). D1 counts every index entry written, moved entries
-- included, and not deleted ones. messages_unread_idx cost an entry per message sent; marking read
-- walks the conversation's direction on messages_listing_pair_idx instead, only when the reader's
-- summary row counts unread messages. The notifications' unread index becomes partial: settling
-- an entry deletes its entry (not counted) instead of moving it; building it writes one entry per
-- unread notification only (an estimated 5,000 of the scale bench's 142,845), not one per row.
DROP INDEX `messages_unread_idx`;--> statement-breakpoint
DROP INDEX `notifications_user_unread_idx`;--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" IS NULL;