-- Full-text search over listings (SQLite FTS5, external content), kept in step by triggers,
-- so a text search reads the index and never scans the listings table.
CREATE VIRTUAL TABLE `listings_fts` USING fts5(
	title, description, what_user_wants, what_user_wants_options,
	content='listings', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES (new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_delete` AFTER DELETE ON `listings` BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES ('delete', old.id, old.title, old.description, old.what_user_wants, old.what_user_wants_options);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF title, description, what_user_wants, what_user_wants_options ON `listings` BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES ('delete', old.id, old.title, old.description, old.what_user_wants, old.what_user_wants_options);
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES (new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options);
END;
--> statement-breakpoint
-- The six categories of spec section 3 exist in every instance, production included.
INSERT INTO `categories` (`name`, `slug`) VALUES
	('Home & Garden', 'home'),
	('Technology', 'tech'),
	('Education', 'education'),
	('Creative', 'creative'),
	('Food', 'food'),
	('Goods', 'goods');
