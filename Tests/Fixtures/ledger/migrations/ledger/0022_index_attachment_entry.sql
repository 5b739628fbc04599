CREATE INDEX attachment_entry ON attachment (entry_id);
