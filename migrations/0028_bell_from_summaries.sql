ALTER TABLE `conversation_summaries` ADD `received_texts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversation_summaries` ADD `last_text_received_at` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `base` integer;--> statement-breakpoint
-- Bell entries counted from the summaries (decision 029). The receiver's summary row, written by
-- this trigger on every message anyway, also counts the text messages received (received_texts,
-- never going down) and keeps the newest one's time; neither column is indexed, so this writes
-- nothing more. An unread conversation entry counts the messages received since its `base` on top
-- of its stored count, so a message to an entry that shows the same line writes no notification
-- row. No backfill: only differences of received_texts are read, and entries from before this
-- migration have no base (they fold the old way on their next write).
DROP TRIGGER `conversation_summaries_after_message_insert`;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count)
	VALUES (new.sender_id, new.receiver_id, new.listing_id, new.id, new.content, new.created_at, 0)
	ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET
		last_message_id = excluded.last_message_id,
		last_message = excluded.last_message,
		last_message_time = excluded.last_message_time
	WHERE (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id);
	INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count, received_texts, last_text_received_at)
	VALUES (new.receiver_id, new.sender_id, new.listing_id, new.id, new.content, new.created_at, CASE WHEN new.read = 0 THEN 1 ELSE 0 END,
	        CASE WHEN new.kind = 'text' THEN 1 ELSE 0 END, CASE WHEN new.kind = 'text' THEN new.created_at END)
	ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET
		unread_count = conversation_summaries.unread_count + excluded.unread_count,
		last_message_id = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message_id ELSE conversation_summaries.last_message_id END,
		last_message = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message ELSE conversation_summaries.last_message END,
		last_message_time = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message_time ELSE conversation_summaries.last_message_time END,
		received_texts = conversation_summaries.received_texts + excluded.received_texts,
		last_text_received_at = CASE WHEN excluded.last_text_received_at IS NOT NULL
		                              AND (conversation_summaries.last_text_received_at IS NULL OR excluded.last_text_received_at > conversation_summaries.last_text_received_at)
		                             THEN excluded.last_text_received_at ELSE conversation_summaries.last_text_received_at END;
END;
--> statement-breakpoint
-- A summary row going (its listing or partner deleted, the conversation's messages gone) takes
-- the counts it held for an unread entry with it: they are folded into the entry first, which then
-- has no base again (a new summary row would count from 0). Rare, and writes only such entries.
CREATE TRIGGER `notifications_fold_before_summary_delete` BEFORE DELETE ON `conversation_summaries` BEGIN
	UPDATE notifications SET
		count = count + old.received_texts - base,
		updated_at = CASE WHEN old.last_text_received_at > updated_at THEN old.last_text_received_at ELSE updated_at END,
		base = NULL
	 WHERE user_id = old.user_id AND subject_key = 'message:' || old.listing_id || ':' || old.partner_id
	   AND read_at IS NULL AND base IS NOT NULL AND old.received_texts > base;
END;
