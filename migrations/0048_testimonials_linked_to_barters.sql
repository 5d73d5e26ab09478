-- A testimonial is about a real completed barter (decision 062): its barter, deleted with it.
ALTER TABLE `testimonials` ADD `barter_id` integer REFERENCES barters(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `testimonials_barter_idx` ON `testimonials` (`barter_id`);--> statement-breakpoint
-- hand-written:
-- The visible count (the Live Activity Feed's testimonials) counts what GET /api/testimonials
-- shows: approved, public, and linked to a completed barter its author was a side of. Whether a
-- row counts now depends on its barter too, so each trigger counts again rather than adding one:
-- testimonials are few (an admin approves each), so the count reads a handful of rows.
DROP TRIGGER `counters_after_testimonial_insert`;--> statement-breakpoint
DROP TRIGGER `counters_after_testimonial_delete`;--> statement-breakpoint
DROP TRIGGER `counters_after_testimonial_visibility`;--> statement-breakpoint
CREATE TRIGGER `counters_after_testimonial_insert` AFTER INSERT ON `testimonials` BEGIN
	UPDATE counters SET value = (
		SELECT count(*) FROM testimonials t JOIN barters b ON b.id = t.barter_id
		WHERE t.is_approved = 1 AND t.is_public = 1 AND b.status = 'completed' AND t.user_id IN (b.initiator_id, b.recipient_id)
	) WHERE name = 'testimonials_visible';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_testimonial_delete` AFTER DELETE ON `testimonials` BEGIN
	UPDATE counters SET value = (
		SELECT count(*) FROM testimonials t JOIN barters b ON b.id = t.barter_id
		WHERE t.is_approved = 1 AND t.is_public = 1 AND b.status = 'completed' AND t.user_id IN (b.initiator_id, b.recipient_id)
	) WHERE name = 'testimonials_visible';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_testimonial_visibility` AFTER UPDATE OF `is_approved`, `is_public`, `barter_id`, `user_id` ON `testimonials` BEGIN
	UPDATE counters SET value = (
		SELECT count(*) FROM testimonials t JOIN barters b ON b.id = t.barter_id
		WHERE t.is_approved = 1 AND t.is_public = 1 AND b.status = 'completed' AND t.user_id IN (b.initiator_id, b.recipient_id)
	) WHERE name = 'testimonials_visible';
END;
--> statement-breakpoint
-- A barter completing (or leaving completed) changes its testimonials' visibility; barters with
-- no testimonial (nearly all) skip the count on the index lookup.
CREATE TRIGGER `counters_after_barter_testimonials` AFTER UPDATE OF `status` ON `barters`
	WHEN (old.status = 'completed') <> (new.status = 'completed') AND EXISTS (SELECT 1 FROM testimonials WHERE barter_id = new.id) BEGIN
	UPDATE counters SET value = (
		SELECT count(*) FROM testimonials t JOIN barters b ON b.id = t.barter_id
		WHERE t.is_approved = 1 AND t.is_public = 1 AND b.status = 'completed' AND t.user_id IN (b.initiator_id, b.recipient_id)
	) WHERE name = 'testimonials_visible';
END;
--> statement-breakpoint
-- Testimonials written before this had no barter: none is shown until one is linked.
UPDATE counters SET value = (
	SELECT count(*) FROM testimonials t JOIN barters b ON b.id = t.barter_id
	WHERE t.is_approved = 1 AND t.is_public = 1 AND b.status = 'completed' AND t.user_id IN (b.initiator_id, b.recipient_id)
) WHERE name = 'testimonials_visible';
