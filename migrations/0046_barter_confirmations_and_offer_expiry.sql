ALTER TABLE `barters` ADD `initiator_confirmed_at` text;--> statement-breakpoint
ALTER TABLE `barters` ADD `recipient_confirmed_at` text;--> statement-breakpoint
ALTER TABLE `barters` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `expires_at` text;--> statement-breakpoint
-- Decision 060. A completed barter was confirmed by both sides (its completion stands for both).
UPDATE `barters` SET `initiator_confirmed_at` = `completed_at`, `recipient_confirmed_at` = `completed_at`
 WHERE `status` = 'completed';--> statement-breakpoint
-- A pending barter someone recorded ("Yes, completed!") carries its recorder's word that it
-- happened; one an accepted offer made carries nobody's yet (both sides now confirm it).
UPDATE `barters` SET `initiator_confirmed_at` = `created_at`
 WHERE `status` = 'pending' AND NOT EXISTS (SELECT 1 FROM `offers` WHERE `offers`.`barter_id` = `barters`.`id`);--> statement-breakpoint
-- Open offers lapse 7 days after they were made (the default of OFFER_EXPIRY_DAYS); one already
-- older lapses at the next expiry run.
UPDATE `offers` SET `expires_at` = strftime('%Y-%m-%dT%H:%M:%fZ', `created_at`, '+7 days') WHERE `status` = 'open';
