ALTER TABLE `notes` ADD `pinned` integer DEFAULT false NOT NULL;
