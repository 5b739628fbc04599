CREATE INDEX `notes_updated_idx` ON `notes` (`updated_at`);
