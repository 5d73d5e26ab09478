-- Rows written, members' write paths (decision 029). Entries no query needs are not written: the
-- outbox's address index (no query reads it); the featured strip's, the admins' and the prune
-- job's unattached-uploads indexes become partial, so a new listing, a new member and an attached
-- upload write no entry there. Building each partial index writes one entry per row it covers
-- (featured listings, admins, unattached uploads: few); dropping an index writes none.
-- unread_settled_at: the thread read settles the reader's unread count in one write (0027).
DROP INDEX `email_outbox_to_idx`;--> statement-breakpoint
DROP INDEX `listings_featured_idx`;--> statement-breakpoint
CREATE INDEX `listings_featured_idx` ON `listings` (`status`,`created_at`) WHERE "listings"."is_featured" = 1;--> statement-breakpoint
DROP INDEX `uploads_unattached_idx`;--> statement-breakpoint
CREATE INDEX `uploads_unattached_idx` ON `uploads` (`created_at`) WHERE "uploads"."attached_at" IS NULL;--> statement-breakpoint
DROP INDEX `users_is_admin_idx`;--> statement-breakpoint
CREATE INDEX `users_is_admin_idx` ON `users` (`is_admin`) WHERE "users"."is_admin" = 1;--> statement-breakpoint
ALTER TABLE `conversation_summaries` ADD `unread_settled_at` text;