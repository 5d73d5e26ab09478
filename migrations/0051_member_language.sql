-- The language a member's emails and pushes are written in (decision 068).
ALTER TABLE `users` ADD `language` text DEFAULT 'en' NOT NULL;