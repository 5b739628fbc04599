CREATE INDEX `notes_pinned_idx` ON `notes` (`user_id`) WHERE "notes"."pinned" = 1;
