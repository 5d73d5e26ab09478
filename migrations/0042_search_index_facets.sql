-- hand-written:
-- Text search picks its candidates from the FTS5 index alone (decision 047). The index holds only
-- public listings (status active or pending), and a fifth column, `facets`, holds what a search
-- filters on as tokens that no search text reaches (the search's words are matched in the four
-- text columns only): the owner (zzu<user id>), the 1° grid cell (zzg<cell>; zzgnone without a
-- place) and, for each of the six categories, zzc<slug> when the listing offers it (as the
-- categories' partial indexes read categories_offered) or the filler zzx when not. Every listing
-- has eight facet tokens, so bm25's length normalisation (FTS5 counts the tokens of every column)
-- is shifted alike for all and does not depend on how many categories a listing offers.
-- The index's content is the view listings_fts_source (for 'rebuild' and FTS5's integrity check).
-- A listing enters the index when it becomes public and leaves it when it stops being public; the
-- triggers keep it in step on every path (create, edit, pause, complete, hide, delete, SQL by hand).
DROP TRIGGER `listings_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `listings_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER `listings_fts_after_update`;
--> statement-breakpoint
DROP TABLE `listings_fts`;
--> statement-breakpoint
CREATE VIEW `listings_fts_source` AS
	SELECT id, title, description, what_user_wants, what_user_wants_options, 'zzu' || user_id || ' zzg' || coalesce(cell, 'none') || CASE WHEN instr(categories_offered, '"home"') > 0 THEN ' zzchome' ELSE ' zzx' END || CASE WHEN instr(categories_offered, '"tech"') > 0 THEN ' zzctech' ELSE ' zzx' END || CASE WHEN instr(categories_offered, '"education"') > 0 THEN ' zzceducation' ELSE ' zzx' END || CASE WHEN instr(categories_offered, '"creative"') > 0 THEN ' zzccreative' ELSE ' zzx' END || CASE WHEN instr(categories_offered, '"food"') > 0 THEN ' zzcfood' ELSE ' zzx' END || CASE WHEN instr(categories_offered, '"goods"') > 0 THEN ' zzcgoods' ELSE ' zzx' END AS facets
	FROM listings WHERE status IN ('active', 'pending');
--> statement-breakpoint
CREATE VIRTUAL TABLE `listings_fts` USING fts5(
	title, description, what_user_wants, what_user_wants_options, facets,
	content='listings_fts_source', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `listings_fts` (`listings_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` WHEN new.status IN ('active', 'pending') BEGIN
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options, facets)
	VALUES (new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options, 'zzu' || new.user_id || ' zzg' || coalesce(new.cell, 'none') || CASE WHEN instr(new.categories_offered, '"home"') > 0 THEN ' zzchome' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"tech"') > 0 THEN ' zzctech' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"education"') > 0 THEN ' zzceducation' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"creative"') > 0 THEN ' zzccreative' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"food"') > 0 THEN ' zzcfood' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"goods"') > 0 THEN ' zzcgoods' ELSE ' zzx' END);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_delete` AFTER DELETE ON `listings` WHEN old.status IN ('active', 'pending') BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, what_user_wants, what_user_wants_options, facets)
	VALUES ('delete', old.id, old.title, old.description, old.what_user_wants, old.what_user_wants_options, 'zzu' || old.user_id || ' zzg' || coalesce(old.cell, 'none') || CASE WHEN instr(old.categories_offered, '"home"') > 0 THEN ' zzchome' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"tech"') > 0 THEN ' zzctech' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"education"') > 0 THEN ' zzceducation' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"creative"') > 0 THEN ' zzccreative' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"food"') > 0 THEN ' zzcfood' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"goods"') > 0 THEN ' zzcgoods' ELSE ' zzx' END);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF title, description, what_user_wants, what_user_wants_options, categories_offered, latitude, longitude, status, user_id ON `listings`
	WHEN (old.status IN ('active', 'pending') OR new.status IN ('active', 'pending')) AND ((old.status IN ('active', 'pending')) IS NOT (new.status IN ('active', 'pending')) OR old.title IS NOT new.title OR old.description IS NOT new.description OR old.what_user_wants IS NOT new.what_user_wants OR old.what_user_wants_options IS NOT new.what_user_wants_options OR ('zzu' || old.user_id || ' zzg' || coalesce(old.cell, 'none') || CASE WHEN instr(old.categories_offered, '"home"') > 0 THEN ' zzchome' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"tech"') > 0 THEN ' zzctech' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"education"') > 0 THEN ' zzceducation' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"creative"') > 0 THEN ' zzccreative' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"food"') > 0 THEN ' zzcfood' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"goods"') > 0 THEN ' zzcgoods' ELSE ' zzx' END) IS NOT ('zzu' || new.user_id || ' zzg' || coalesce(new.cell, 'none') || CASE WHEN instr(new.categories_offered, '"home"') > 0 THEN ' zzchome' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"tech"') > 0 THEN ' zzctech' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"education"') > 0 THEN ' zzceducation' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"creative"') > 0 THEN ' zzccreative' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"food"') > 0 THEN ' zzcfood' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"goods"') > 0 THEN ' zzcgoods' ELSE ' zzx' END)) BEGIN
	INSERT INTO listings_fts(listings_fts, rowid, title, description, what_user_wants, what_user_wants_options, facets)
	SELECT 'delete', old.id, old.title, old.description, old.what_user_wants, old.what_user_wants_options, 'zzu' || old.user_id || ' zzg' || coalesce(old.cell, 'none') || CASE WHEN instr(old.categories_offered, '"home"') > 0 THEN ' zzchome' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"tech"') > 0 THEN ' zzctech' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"education"') > 0 THEN ' zzceducation' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"creative"') > 0 THEN ' zzccreative' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"food"') > 0 THEN ' zzcfood' ELSE ' zzx' END || CASE WHEN instr(old.categories_offered, '"goods"') > 0 THEN ' zzcgoods' ELSE ' zzx' END WHERE old.status IN ('active', 'pending');
	INSERT INTO listings_fts(rowid, title, description, what_user_wants, what_user_wants_options, facets)
	SELECT new.id, new.title, new.description, new.what_user_wants, new.what_user_wants_options, 'zzu' || new.user_id || ' zzg' || coalesce(new.cell, 'none') || CASE WHEN instr(new.categories_offered, '"home"') > 0 THEN ' zzchome' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"tech"') > 0 THEN ' zzctech' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"education"') > 0 THEN ' zzceducation' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"creative"') > 0 THEN ' zzccreative' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"food"') > 0 THEN ' zzcfood' ELSE ' zzx' END || CASE WHEN instr(new.categories_offered, '"goods"') > 0 THEN ' zzcgoods' ELSE ' zzx' END WHERE new.status IN ('active', 'pending');
END;
