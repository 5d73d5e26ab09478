DROP TABLE `search_terms`;--> statement-breakpoint
CREATE INDEX `listings_public_home_idx` ON `listings` (`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"home"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_home_cell_idx` ON `listings` (`cell`,`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"home"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_tech_idx` ON `listings` (`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"tech"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_tech_cell_idx` ON `listings` (`cell`,`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"tech"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_education_idx` ON `listings` (`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"education"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_education_cell_idx` ON `listings` (`cell`,`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"education"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_creative_idx` ON `listings` (`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"creative"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_creative_cell_idx` ON `listings` (`cell`,`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"creative"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_food_idx` ON `listings` (`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"food"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_food_cell_idx` ON `listings` (`cell`,`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"food"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_goods_idx` ON `listings` (`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"goods"') > 0;--> statement-breakpoint
CREATE INDEX `listings_public_goods_cell_idx` ON `listings` (`cell`,`created_at`,`id`) WHERE status IN ('active', 'pending') AND instr(categories_offered, '"goods"') > 0;
--> statement-breakpoint
-- hand-written:
-- Text search reads a bounded set of candidates (decision 041), so tracked searches (decision
-- 030) go: their triggers on listings and listing_categories, and the search_terms updates in the
-- FTS index's own triggers, which are written back as they were before tracking (reindexing only
-- when the text changed). FTS5's rank configuration (bm25 weights) stays: the search orders by it.
DROP TRIGGER IF EXISTS `search_terms_before_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `search_terms_before_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `search_terms_category_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `search_terms_category_delete`;
--> statement-breakpoint
DROP TRIGGER `listings_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES (new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options);
END;
--> statement-breakpoint
DROP TRIGGER `listings_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF `title`, `description`, `what_user_wants`, `what_user_wants_options` ON `listings`
	WHEN (old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description` OR old.`what_user_wants` IS NOT new.`what_user_wants` OR old.`what_user_wants_options` IS NOT new.`what_user_wants_options`) BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES ('delete', old.id, old.title, old.description, old.what_user_wants, old.what_user_wants_options);
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options)
	VALUES (new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options);
END;
