CREATE TABLE `email_recipient_days` (
	`day` text NOT NULL,
	`recipient` text NOT NULL,
	`kind` text NOT NULL,
	`queued` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `recipient`, `kind`)
);
--> statement-breakpoint
DROP INDEX `email_outbox_queue_idx`;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `kind` text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `expires_at` text;--> statement-breakpoint
CREATE INDEX `email_outbox_queue_idx` ON `email_outbox` (`status`,`priority`,`expires_at`);--> statement-breakpoint
ALTER TABLE `newsletter_subscriptions` ADD `unsubscribed_at` text;--> statement-breakpoint
-- hand-written: the counter table again, WITHOUT ROWID: its rows are found by the whole key, so a
-- new day's first mail to an address writes one row instead of a row and a key index entry.
DROP TABLE `email_recipient_days`;
--> statement-breakpoint
CREATE TABLE `email_recipient_days` (
	`day` text NOT NULL,
	`recipient` text NOT NULL,
	`kind` text NOT NULL,
	`queued` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `recipient`, `kind`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The per-recipient daily caps (decision 038; EMAIL_RECIPIENT_DAILY_CAPS in
-- worker/lib/email.ts says the same numbers). Every mail queued counts against its recipient's
-- (address, kind, UTC day) row, the ones dropped too; past the kind's cap the row is not
-- inserted (RAISE(IGNORE) skips this row only, the statement and its batch go on).
CREATE TRIGGER `email_outbox_recipient_cap` BEFORE INSERT ON `email_outbox` BEGIN
	INSERT INTO `email_recipient_days` (`day`, `recipient`, `kind`, `queued`)
		VALUES (substr(coalesce(new.`created_at`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), 1, 10), lower(new.`to_address`), new.`kind`, 1)
		ON CONFLICT (`day`, `recipient`, `kind`) DO UPDATE SET `queued` = `queued` + 1;
	SELECT RAISE(IGNORE) WHERE (
		SELECT `queued` FROM `email_recipient_days`
		 WHERE `day` = substr(coalesce(new.`created_at`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), 1, 10) AND `recipient` = lower(new.`to_address`) AND `kind` = new.`kind`
	) > CASE new.`kind` WHEN 'reset' THEN 3 WHEN 'verification' THEN 3 WHEN 'security' THEN 3 WHEN 'newsletter' THEN 3 WHEN 'contact' THEN 10 ELSE 10 END;
END;
--> statement-breakpoint
-- Mail already waiting gets the kind, priority and lifetime it would have been queued with now
-- (the account mail of priority 0 told apart by its subject line).
UPDATE `email_outbox` SET
	`kind` = CASE
		WHEN `priority` = 0 AND `subject` LIKE 'Reset your %' THEN 'reset'
		WHEN `priority` = 0 AND `subject` LIKE 'Verify your email%' THEN 'verification'
		WHEN `priority` = 0 AND `subject` LIKE 'Confirm your % newsletter subscription' THEN 'newsletter'
		WHEN `priority` = 0 THEN 'security'
		WHEN `subject` LIKE '[% contact] %' THEN 'contact'
		ELSE 'notice' END
WHERE `status` = 'pending';
--> statement-breakpoint
UPDATE `email_outbox` SET
	`priority` = CASE `kind` WHEN 'reset' THEN 0 WHEN 'verification' THEN 1 WHEN 'security' THEN 1 WHEN 'newsletter' THEN 3 ELSE 2 END,
	`expires_at` = strftime('%Y-%m-%dT%H:%M:%fZ', `created_at`, CASE `kind`
		WHEN 'reset' THEN '+1 hours' WHEN 'verification' THEN '+24 hours' WHEN 'newsletter' THEN '+48 hours'
		WHEN 'contact' THEN '+7 days' ELSE '+3 days' END)
WHERE `status` = 'pending';
