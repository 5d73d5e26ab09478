-- Summary and counter rows (docs/decisions/021-summary-and-counter-rows.md), filled from the data
-- already there, then kept exact by triggers: every change path (a message sent, read, an offer's
-- event line, a listing or account deleted with its cascades) updates them in the same statement.

-- Each member's side of each conversation: last message (newest by time, then id) and unread count.
WITH sides AS (
	SELECT sender_id AS user_id, receiver_id AS partner_id, listing_id, id, content, created_at, 0 AS unread FROM messages
	UNION ALL
	SELECT receiver_id, sender_id, listing_id, id, content, created_at, CASE WHEN read = 0 THEN 1 ELSE 0 END FROM messages
),
ranked AS (
	SELECT sides.*,
	       ROW_NUMBER() OVER (PARTITION BY user_id, listing_id, partner_id ORDER BY created_at DESC, id DESC) AS position,
	       SUM(unread) OVER (PARTITION BY user_id, listing_id, partner_id) AS unread_count
	  FROM sides
)
INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count)
SELECT user_id, partner_id, listing_id, id, content, created_at, unread_count FROM ranked WHERE position = 1;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count)
	VALUES (new.sender_id, new.receiver_id, new.listing_id, new.id, new.content, new.created_at, 0)
	ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET
		last_message_id = excluded.last_message_id,
		last_message = excluded.last_message,
		last_message_time = excluded.last_message_time
	WHERE (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id);
	INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count)
	VALUES (new.receiver_id, new.sender_id, new.listing_id, new.id, new.content, new.created_at, CASE WHEN new.read = 0 THEN 1 ELSE 0 END)
	ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET
		unread_count = conversation_summaries.unread_count + excluded.unread_count,
		last_message_id = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message_id ELSE conversation_summaries.last_message_id END,
		last_message = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message ELSE conversation_summaries.last_message END,
		last_message_time = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message_time ELSE conversation_summaries.last_message_time END;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_read` AFTER UPDATE OF `read` ON `messages` WHEN old.read <> new.read BEGIN
	UPDATE conversation_summaries SET unread_count = unread_count + CASE WHEN new.read = 0 THEN 1 ELSE -1 END
	 WHERE user_id = new.receiver_id AND listing_id = new.listing_id AND partner_id = new.sender_id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_content` AFTER UPDATE OF `content` ON `messages` BEGIN
	UPDATE conversation_summaries SET last_message = new.content
	 WHERE listing_id = new.listing_id AND user_id IN (new.sender_id, new.receiver_id) AND last_message_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_delete` AFTER DELETE ON `messages` BEGIN
	UPDATE conversation_summaries SET unread_count = unread_count - 1
	 WHERE old.read = 0 AND user_id = old.receiver_id AND listing_id = old.listing_id AND partner_id = old.sender_id;
	-- The conversation's last message gone: its summary goes too, or points at the one before.
	DELETE FROM conversation_summaries
	 WHERE listing_id = old.listing_id
	   AND ((user_id = old.sender_id AND partner_id = old.receiver_id) OR (user_id = old.receiver_id AND partner_id = old.sender_id))
	   AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.listing_id = old.listing_id
	                      AND ((m.sender_id = old.sender_id AND m.receiver_id = old.receiver_id) OR (m.sender_id = old.receiver_id AND m.receiver_id = old.sender_id)));
	UPDATE conversation_summaries SET (last_message_id, last_message, last_message_time) = (
		SELECT m.id, m.content, m.created_at FROM messages m
		 WHERE m.listing_id = old.listing_id
		   AND ((m.sender_id = old.sender_id AND m.receiver_id = old.receiver_id) OR (m.sender_id = old.receiver_id AND m.receiver_id = old.sender_id))
		 ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
	 WHERE listing_id = old.listing_id AND user_id IN (old.sender_id, old.receiver_id) AND last_message_id = old.id;
END;
--> statement-breakpoint
-- Counters: the values of today's count(*) queries (worker/db/queries/community.ts), then kept.
-- Open listings (active and pending) are not here: listing_counts '*' (0015_listing_counters) holds them.
INSERT INTO counters (name, value)
SELECT 'users', count(*) FROM users
UNION ALL SELECT 'barters_completed', count(*) FROM barters WHERE status = 'completed'
UNION ALL SELECT 'testimonials_visible', count(*) FROM testimonials WHERE is_approved = 1 AND is_public = 1;
--> statement-breakpoint
CREATE TRIGGER `counters_after_user_insert` AFTER INSERT ON `users` BEGIN
	UPDATE counters SET value = value + 1 WHERE name = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_user_delete` AFTER DELETE ON `users` BEGIN
	UPDATE counters SET value = value - 1 WHERE name = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_barter_insert` AFTER INSERT ON `barters` WHEN new.status = 'completed' BEGIN
	UPDATE counters SET value = value + 1 WHERE name = 'barters_completed';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_barter_delete` AFTER DELETE ON `barters` WHEN old.status = 'completed' BEGIN
	UPDATE counters SET value = value - 1 WHERE name = 'barters_completed';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_barter_status` AFTER UPDATE OF `status` ON `barters` WHEN (old.status = 'completed') <> (new.status = 'completed') BEGIN
	UPDATE counters SET value = value + CASE WHEN new.status = 'completed' THEN 1 ELSE -1 END WHERE name = 'barters_completed';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_testimonial_insert` AFTER INSERT ON `testimonials` WHEN new.is_approved = 1 AND new.is_public = 1 BEGIN
	UPDATE counters SET value = value + 1 WHERE name = 'testimonials_visible';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_testimonial_delete` AFTER DELETE ON `testimonials` WHEN old.is_approved = 1 AND old.is_public = 1 BEGIN
	UPDATE counters SET value = value - 1 WHERE name = 'testimonials_visible';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_after_testimonial_visibility` AFTER UPDATE OF `is_approved`, `is_public` ON `testimonials`
	WHEN (old.is_approved = 1 AND old.is_public = 1) <> (new.is_approved = 1 AND new.is_public = 1) BEGIN
	UPDATE counters SET value = value + CASE WHEN new.is_approved = 1 AND new.is_public = 1 THEN 1 ELSE -1 END WHERE name = 'testimonials_visible';
END;
