ALTER TABLE `attachments` ADD `mime_type` text DEFAULT 'application/octet-stream' NOT NULL;
