ALTER TABLE `users` ADD `display_name` text;
