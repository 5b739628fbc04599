ALTER TABLE posts DROP COLUMN comment_count;
