CREATE INDEX entry_import_batch ON entry (import_batch_id) WHERE import_batch_id IS NOT NULL;
