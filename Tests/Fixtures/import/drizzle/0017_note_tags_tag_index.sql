CREATE INDEX `note_tags_tag_idx` ON `note_tags` (`tag_id`);
