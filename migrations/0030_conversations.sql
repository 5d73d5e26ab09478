-- One row per conversation (decision 032). Conversations that already have summary rows keep
-- them: a copy would write every row and index entry again, more than a free-plan day allows at
-- scale. A conversation is in the old shape exactly when its sender's summary row exists (both
-- members' rows come and go together), so every trigger below writes the shape it finds and the
-- readers read both (the view conversation_sides, and the queries in worker/db/queries).
CREATE TABLE `conversations` (
	`listing_id` integer NOT NULL,
	`a_id` integer NOT NULL,
	`b_id` integer NOT NULL,
	`last_message_id` integer NOT NULL,
	`last_message` text NOT NULL,
	`last_message_time` text NOT NULL,
	`a_unread_count` integer DEFAULT 0 NOT NULL,
	`b_unread_count` integer DEFAULT 0 NOT NULL,
	`a_unread_settled_at` text,
	`b_unread_settled_at` text,
	`a_received_texts` integer DEFAULT 0 NOT NULL,
	`b_received_texts` integer DEFAULT 0 NOT NULL,
	`a_last_text_received_at` text,
	`b_last_text_received_at` text,
	PRIMARY KEY(`listing_id`, `a_id`, `b_id`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`a_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`b_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `conversations_a_recent_idx` ON `conversations` (`a_id`,`last_message_time`,`last_message_id`);--> statement-breakpoint
CREATE INDEX `conversations_b_recent_idx` ON `conversations` (`b_id`,`last_message_time`,`last_message_id`);
--> statement-breakpoint
-- A message: the old shape's two upserts, only when the sender's summary row exists, and otherwise
-- the conversation's one row (inserted with the first message, moved by every later one).
DROP TRIGGER `conversation_summaries_after_message_insert`;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count)
	SELECT new.sender_id, new.receiver_id, new.listing_id, new.id, new.content, new.created_at, 0
	 WHERE EXISTS (SELECT 1 FROM conversation_summaries WHERE user_id = new.sender_id AND listing_id = new.listing_id AND partner_id = new.receiver_id)
	ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET
		last_message_id = excluded.last_message_id,
		last_message = excluded.last_message,
		last_message_time = excluded.last_message_time
	WHERE (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id);
	INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count, received_texts, last_text_received_at)
	SELECT new.receiver_id, new.sender_id, new.listing_id, new.id, new.content, new.created_at, CASE WHEN new.read = 0 THEN 1 ELSE 0 END,
	       CASE WHEN new.kind = 'text' THEN 1 ELSE 0 END, CASE WHEN new.kind = 'text' THEN new.created_at END
	 WHERE EXISTS (SELECT 1 FROM conversation_summaries WHERE user_id = new.sender_id AND listing_id = new.listing_id AND partner_id = new.receiver_id)
	ON CONFLICT (user_id, listing_id, partner_id) DO UPDATE SET
		unread_count = conversation_summaries.unread_count + excluded.unread_count,
		last_message_id = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message_id ELSE conversation_summaries.last_message_id END,
		last_message = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message ELSE conversation_summaries.last_message END,
		last_message_time = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversation_summaries.last_message_time, conversation_summaries.last_message_id) THEN excluded.last_message_time ELSE conversation_summaries.last_message_time END,
		received_texts = conversation_summaries.received_texts + excluded.received_texts,
		last_text_received_at = CASE WHEN excluded.last_text_received_at IS NOT NULL
		                              AND (conversation_summaries.last_text_received_at IS NULL OR excluded.last_text_received_at > conversation_summaries.last_text_received_at)
		                             THEN excluded.last_text_received_at ELSE conversation_summaries.last_text_received_at END;
	-- The receiver is side a when their id is the lower one.
	INSERT INTO conversations (listing_id, a_id, b_id, last_message_id, last_message, last_message_time,
	                           a_unread_count, b_unread_count, a_received_texts, b_received_texts, a_last_text_received_at, b_last_text_received_at)
	SELECT new.listing_id, min(new.sender_id, new.receiver_id), max(new.sender_id, new.receiver_id), new.id, new.content, new.created_at,
	       CASE WHEN new.receiver_id < new.sender_id AND new.read = 0 THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id > new.sender_id AND new.read = 0 THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id < new.sender_id AND new.kind = 'text' THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id > new.sender_id AND new.kind = 'text' THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id < new.sender_id AND new.kind = 'text' THEN new.created_at END,
	       CASE WHEN new.receiver_id > new.sender_id AND new.kind = 'text' THEN new.created_at END
	 WHERE NOT EXISTS (SELECT 1 FROM conversation_summaries WHERE user_id = new.sender_id AND listing_id = new.listing_id AND partner_id = new.receiver_id)
	ON CONFLICT (listing_id, a_id, b_id) DO UPDATE SET
		last_message_id = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversations.last_message_time, conversations.last_message_id) THEN excluded.last_message_id ELSE conversations.last_message_id END,
		last_message = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversations.last_message_time, conversations.last_message_id) THEN excluded.last_message ELSE conversations.last_message END,
		last_message_time = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversations.last_message_time, conversations.last_message_id) THEN excluded.last_message_time ELSE conversations.last_message_time END,
		a_unread_count = conversations.a_unread_count + excluded.a_unread_count,
		b_unread_count = conversations.b_unread_count + excluded.b_unread_count,
		a_received_texts = conversations.a_received_texts + excluded.a_received_texts,
		b_received_texts = conversations.b_received_texts + excluded.b_received_texts,
		a_last_text_received_at = CASE WHEN excluded.a_last_text_received_at IS NOT NULL
		                                AND (conversations.a_last_text_received_at IS NULL OR excluded.a_last_text_received_at > conversations.a_last_text_received_at)
		                               THEN excluded.a_last_text_received_at ELSE conversations.a_last_text_received_at END,
		b_last_text_received_at = CASE WHEN excluded.b_last_text_received_at IS NOT NULL
		                                AND (conversations.b_last_text_received_at IS NULL OR excluded.b_last_text_received_at > conversations.b_last_text_received_at)
		                               THEN excluded.b_last_text_received_at ELSE conversations.b_last_text_received_at END;
END;
--> statement-breakpoint
-- A message read or unread again: the receiver's count, in whichever shape (migration 0027's guard).
DROP TRIGGER `conversation_summaries_after_message_read`;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_read` AFTER UPDATE OF `read` ON `messages` WHEN old.read <> new.read BEGIN
	UPDATE conversation_summaries SET unread_count = unread_count + CASE WHEN new.read = 0 THEN 1 ELSE -1 END
	 WHERE user_id = new.receiver_id AND listing_id = new.listing_id AND partner_id = new.sender_id
	   AND (new.read = 0 OR unread_count > 0);
	UPDATE conversations SET
		a_unread_count = a_unread_count + CASE WHEN new.receiver_id < new.sender_id THEN CASE WHEN new.read = 0 THEN 1 ELSE -1 END ELSE 0 END,
		b_unread_count = b_unread_count + CASE WHEN new.receiver_id > new.sender_id THEN CASE WHEN new.read = 0 THEN 1 ELSE -1 END ELSE 0 END
	 WHERE listing_id = new.listing_id AND a_id = min(new.sender_id, new.receiver_id) AND b_id = max(new.sender_id, new.receiver_id)
	   AND (new.read = 0 OR CASE WHEN new.receiver_id < new.sender_id THEN a_unread_count ELSE b_unread_count END > 0);
END;
--> statement-breakpoint
DROP TRIGGER `conversation_summaries_after_message_content`;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_content` AFTER UPDATE OF `content` ON `messages` BEGIN
	UPDATE conversation_summaries SET last_message = new.content
	 WHERE listing_id = new.listing_id AND user_id IN (new.sender_id, new.receiver_id) AND last_message_id = new.id;
	UPDATE conversations SET last_message = new.content
	 WHERE listing_id = new.listing_id AND a_id = min(new.sender_id, new.receiver_id) AND b_id = max(new.sender_id, new.receiver_id)
	   AND last_message_id = new.id;
END;
--> statement-breakpoint
DROP TRIGGER `conversation_summaries_after_message_delete`;
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
	-- The same for a conversation's row.
	UPDATE conversations SET
		a_unread_count = a_unread_count - CASE WHEN old.receiver_id < old.sender_id THEN 1 ELSE 0 END,
		b_unread_count = b_unread_count - CASE WHEN old.receiver_id > old.sender_id THEN 1 ELSE 0 END
	 WHERE old.read = 0 AND listing_id = old.listing_id AND a_id = min(old.sender_id, old.receiver_id) AND b_id = max(old.sender_id, old.receiver_id);
	DELETE FROM conversations
	 WHERE listing_id = old.listing_id AND a_id = min(old.sender_id, old.receiver_id) AND b_id = max(old.sender_id, old.receiver_id)
	   AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.listing_id = old.listing_id
	                      AND ((m.sender_id = old.sender_id AND m.receiver_id = old.receiver_id) OR (m.sender_id = old.receiver_id AND m.receiver_id = old.sender_id)));
	UPDATE conversations SET (last_message_id, last_message, last_message_time) = (
		SELECT m.id, m.content, m.created_at FROM messages m
		 WHERE m.listing_id = old.listing_id
		   AND ((m.sender_id = old.sender_id AND m.receiver_id = old.receiver_id) OR (m.sender_id = old.receiver_id AND m.receiver_id = old.sender_id))
		 ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
	 WHERE listing_id = old.listing_id AND a_id = min(old.sender_id, old.receiver_id) AND b_id = max(old.sender_id, old.receiver_id)
	   AND last_message_id = old.id;
END;
--> statement-breakpoint
-- A conversation's row going takes each side's counts for an unread bell entry with it, as
-- notifications_fold_before_summary_delete does for a summary row (migration 0028).
CREATE TRIGGER `notifications_fold_before_conversation_delete` BEFORE DELETE ON `conversations` BEGIN
	UPDATE notifications SET
		count = count + old.a_received_texts - base,
		updated_at = CASE WHEN old.a_last_text_received_at > updated_at THEN old.a_last_text_received_at ELSE updated_at END,
		base = NULL
	 WHERE user_id = old.a_id AND subject_key = 'message:' || old.listing_id || ':' || old.b_id
	   AND read_at IS NULL AND base IS NOT NULL AND old.a_received_texts > base;
	UPDATE notifications SET
		count = count + old.b_received_texts - base,
		updated_at = CASE WHEN old.b_last_text_received_at > updated_at THEN old.b_last_text_received_at ELSE updated_at END,
		base = NULL
	 WHERE user_id = old.b_id AND subject_key = 'message:' || old.listing_id || ':' || old.a_id
	   AND read_at IS NULL AND base IS NOT NULL AND old.b_received_texts > base;
END;
--> statement-breakpoint
-- Every member's side of every conversation, in either shape, as conversation_summaries rows
-- (for reading by hand and in tests; the app's queries address each shape by key).
CREATE VIEW `conversation_sides` AS
	SELECT user_id, partner_id, listing_id, last_message_id, last_message, last_message_time,
	       unread_count, unread_settled_at, received_texts, last_text_received_at
	  FROM conversation_summaries
	UNION ALL
	SELECT a_id, b_id, listing_id, last_message_id, last_message, last_message_time,
	       a_unread_count, a_unread_settled_at, a_received_texts, a_last_text_received_at
	  FROM conversations
	UNION ALL
	SELECT b_id, a_id, listing_id, last_message_id, last_message, last_message_time,
	       b_unread_count, b_unread_settled_at, b_received_texts, b_last_text_received_at
	  FROM conversations;
--> statement-breakpoint
-- Id reserves (decision 032): an AUTOINCREMENT insert writes its sqlite_sequence row whenever the
-- new id passes the stored one. Messages and notifications are inserted with max(id) + 1, under a
-- sequence kept ahead (worker/db/id-reserve.ts; the daily cron tops it up), so they write none.
INSERT INTO sqlite_sequence (name, seq)
SELECT 'messages', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'messages');
--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq)
SELECT 'notifications', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'notifications');
--> statement-breakpoint
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(id) FROM messages), 0) + 200000) WHERE name = 'messages';
--> statement-breakpoint
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(id) FROM notifications), 0) + 200000) WHERE name = 'notifications';
