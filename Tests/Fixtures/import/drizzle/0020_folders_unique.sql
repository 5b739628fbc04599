CREATE UNIQUE INDEX `folders_user_name_unique` ON `folders` (`user_id`,`name`);
