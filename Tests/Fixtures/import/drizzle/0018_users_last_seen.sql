ALTER TABLE `users` ADD `last_seen_at` integer;
