DROP INDEX `uploads_user_idx`;--> statement-breakpoint
CREATE INDEX `uploads_user_attached_idx` ON `uploads` (`user_id`,`attached_at`);