CREATE INDEX notes_pinned ON notes (user_id) WHERE pinned = 1;
