CREATE TABLE `cron_state` (
	`job` text PRIMARY KEY NOT NULL,
	`cursor` integer NOT NULL,
	`at` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
