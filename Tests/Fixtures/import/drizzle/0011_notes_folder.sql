ALTER TABLE `notes` ADD `folder_id` integer REFERENCES folders(id);
