-- Rows written, members' write paths (decision 029). A thread read settles the reader's unread
-- count in one statement (unread_count = 0, unread_settled_at stamped) before it marks the messages
-- read; the per-message trigger then finds nothing left to count out and writes nothing. Its
-- guard changes nothing elsewhere: while the count is exact, a message that becomes read was
-- counted, so the count is above 0 (marking read up to a message, from the live conversation,
-- still counts each one out here). A message becoming unread again always counts in.
DROP TRIGGER `conversation_summaries_after_message_read`;
--> statement-breakpoint
CREATE TRIGGER `conversation_summaries_after_message_read` AFTER UPDATE OF `read` ON `messages` WHEN old.read <> new.read BEGIN
	UPDATE conversation_summaries SET unread_count = unread_count + CASE WHEN new.read = 0 THEN 1 ELSE -1 END
	 WHERE user_id = new.receiver_id AND listing_id = new.listing_id AND partner_id = new.sender_id
	   AND (new.read = 0 OR unread_count > 0);
END;
