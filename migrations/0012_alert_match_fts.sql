-- A scratch full-text index for the saved-search alerts (worker/cron/saved-search-alerts.ts): a
-- run copies only its new listings into it, matches every saved query against them, and empties
-- it again, all in one batch. Same columns and tokenizer as listings_fts, so a query matches
-- here exactly when it matches there; matching against the whole listings_fts instead read
-- every query's doclists over all listings (hundreds of thousands of rows a run at 100k listings).
CREATE VIRTUAL TABLE `alert_listings_fts` USING fts5(
	title, description, what_user_wants, what_user_wants_options,
	tokenize='unicode61 remove_diacritics 2'
);
