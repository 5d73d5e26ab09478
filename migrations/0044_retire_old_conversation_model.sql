-- hand-written:
-- The old conversation model retired (decision 053): every conversation still kept as two
-- conversation_summaries rows (one per member, from before migration 0030) becomes its one
-- `conversations` row, then the summaries, the triggers' old-shape statements and the view's old
-- branch go. One row per old conversation is written (with its two recency index entries);
-- messages, notifications and offers are not touched: the bell's entries keep their `base`, since
-- each side's received_texts moves over unchanged.
--
-- Each side comes from the member's own summary row (`a` the member with the lower id). Both rows of
-- a conversation are written and deleted together, so a conversation has both; a lone row still
-- makes its row (the missing side counts nothing). The last message is the newer of the two rows'
-- (they agree). A conversation can have only one shape (the triggers wrote the one they found), so
-- no key is taken; should one be, its counts are added up rather than one side lost.
INSERT INTO conversations (listing_id, a_id, b_id, last_message_id, last_message, last_message_time,
                           a_unread_count, b_unread_count, a_unread_settled_at, b_unread_settled_at,
                           a_received_texts, b_received_texts, a_last_text_received_at, b_last_text_received_at,
                           a_unread_settled_count, b_unread_settled_count)
SELECT k.listing_id, k.a_id, k.b_id,
       CASE WHEN sb.user_id IS NULL OR (sa.user_id IS NOT NULL AND (sa.last_message_time, sa.last_message_id) >= (sb.last_message_time, sb.last_message_id))
            THEN sa.last_message_id ELSE sb.last_message_id END,
       CASE WHEN sb.user_id IS NULL OR (sa.user_id IS NOT NULL AND (sa.last_message_time, sa.last_message_id) >= (sb.last_message_time, sb.last_message_id))
            THEN sa.last_message ELSE sb.last_message END,
       CASE WHEN sb.user_id IS NULL OR (sa.user_id IS NOT NULL AND (sa.last_message_time, sa.last_message_id) >= (sb.last_message_time, sb.last_message_id))
            THEN sa.last_message_time ELSE sb.last_message_time END,
       coalesce(sa.unread_count, 0), coalesce(sb.unread_count, 0),
       sa.unread_settled_at, sb.unread_settled_at,
       coalesce(sa.received_texts, 0), coalesce(sb.received_texts, 0),
       sa.last_text_received_at, sb.last_text_received_at,
       coalesce(sa.unread_settled_count, 0), coalesce(sb.unread_settled_count, 0)
  FROM (SELECT DISTINCT listing_id, min(user_id, partner_id) AS a_id, max(user_id, partner_id) AS b_id
          FROM conversation_summaries) k
  LEFT JOIN conversation_summaries sa ON sa.user_id = k.a_id AND sa.listing_id = k.listing_id AND sa.partner_id = k.b_id
  LEFT JOIN conversation_summaries sb ON sb.user_id = k.b_id AND sb.listing_id = k.listing_id AND sb.partner_id = k.a_id
 WHERE true
ON CONFLICT (listing_id, a_id, b_id) DO UPDATE SET
	last_message_id = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversations.last_message_time, conversations.last_message_id) THEN excluded.last_message_id ELSE conversations.last_message_id END,
	last_message = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversations.last_message_time, conversations.last_message_id) THEN excluded.last_message ELSE conversations.last_message END,
	last_message_time = CASE WHEN (excluded.last_message_time, excluded.last_message_id) > (conversations.last_message_time, conversations.last_message_id) THEN excluded.last_message_time ELSE conversations.last_message_time END,
	a_unread_count = conversations.a_unread_count + excluded.a_unread_count,
	b_unread_count = conversations.b_unread_count + excluded.b_unread_count,
	a_received_texts = conversations.a_received_texts + excluded.a_received_texts,
	b_received_texts = conversations.b_received_texts + excluded.b_received_texts,
	a_last_text_received_at = nullif(max(coalesce(conversations.a_last_text_received_at, ''), coalesce(excluded.a_last_text_received_at, '')), ''),
	b_last_text_received_at = nullif(max(coalesce(conversations.b_last_text_received_at, ''), coalesce(excluded.b_last_text_received_at, '')), '');
--> statement-breakpoint
-- The triggers on messages keep the one shape (their old-shape statements, and the test of which
-- shape a conversation has, gone); renamed after the table they keep.
DROP TRIGGER `conversation_summaries_after_message_insert`;
--> statement-breakpoint
DROP TRIGGER `conversation_summaries_after_message_read`;
--> statement-breakpoint
DROP TRIGGER `conversation_summaries_after_message_content`;
--> statement-breakpoint
DROP TRIGGER `conversation_summaries_after_message_delete`;
--> statement-breakpoint
-- A message: its conversation's row, inserted with the first message, moved by every later one.
-- The receiver is side a when their id is the lower one.
CREATE TRIGGER `conversations_after_message_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO conversations (listing_id, a_id, b_id, last_message_id, last_message, last_message_time,
	                           a_unread_count, b_unread_count, a_received_texts, b_received_texts, a_last_text_received_at, b_last_text_received_at)
	SELECT new.listing_id, min(new.sender_id, new.receiver_id), max(new.sender_id, new.receiver_id), new.id, new.content, new.created_at,
	       CASE WHEN new.receiver_id < new.sender_id AND new.read = 0 THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id > new.sender_id AND new.read = 0 THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id < new.sender_id AND new.kind = 'text' THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id > new.sender_id AND new.kind = 'text' THEN 1 ELSE 0 END,
	       CASE WHEN new.receiver_id < new.sender_id AND new.kind = 'text' THEN new.created_at END,
	       CASE WHEN new.receiver_id > new.sender_id AND new.kind = 'text' THEN new.created_at END
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
-- A message read or unread again: the receiver's count (migration 0027's guard).
CREATE TRIGGER `conversations_after_message_read` AFTER UPDATE OF `read` ON `messages` WHEN old.read <> new.read BEGIN
	UPDATE conversations SET
		a_unread_count = a_unread_count + CASE WHEN new.receiver_id < new.sender_id THEN CASE WHEN new.read = 0 THEN 1 ELSE -1 END ELSE 0 END,
		b_unread_count = b_unread_count + CASE WHEN new.receiver_id > new.sender_id THEN CASE WHEN new.read = 0 THEN 1 ELSE -1 END ELSE 0 END
	 WHERE listing_id = new.listing_id AND a_id = min(new.sender_id, new.receiver_id) AND b_id = max(new.sender_id, new.receiver_id)
	   AND (new.read = 0 OR CASE WHEN new.receiver_id < new.sender_id THEN a_unread_count ELSE b_unread_count END > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_after_message_content` AFTER UPDATE OF `content` ON `messages` BEGIN
	UPDATE conversations SET last_message = new.content
	 WHERE listing_id = new.listing_id AND a_id = min(new.sender_id, new.receiver_id) AND b_id = max(new.sender_id, new.receiver_id)
	   AND last_message_id = new.id;
END;
--> statement-breakpoint
-- The conversation's last message gone: its row goes too, or points at the one before.
CREATE TRIGGER `conversations_after_message_delete` AFTER DELETE ON `messages` BEGIN
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
-- Every member's side of every conversation, as a row of its own (for reading by hand and in
-- tests; the app's queries address a side by the conversation's key): the old branch gone.
DROP VIEW `conversation_sides`;
--> statement-breakpoint
CREATE VIEW `conversation_sides` AS
	SELECT a_id AS user_id, b_id AS partner_id, listing_id, last_message_id, last_message, last_message_time,
	       a_unread_count AS unread_count, a_unread_settled_at AS unread_settled_at,
	       a_received_texts AS received_texts, a_last_text_received_at AS last_text_received_at
	  FROM conversations
	UNION ALL
	SELECT b_id, a_id, listing_id, last_message_id, last_message, last_message_time,
	       b_unread_count, b_unread_settled_at, b_received_texts, b_last_text_received_at
	  FROM conversations;
--> statement-breakpoint
-- The summaries, emptied above into conversations: their bell fold first (a row deleted here would
-- fold its side into the bell entry, which the side's row now does), then the table with its three
-- indexes.
DROP TRIGGER `notifications_fold_before_summary_delete`;
--> statement-breakpoint
DROP TABLE `conversation_summaries`;
