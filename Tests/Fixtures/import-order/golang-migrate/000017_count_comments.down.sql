DROP TRIGGER comments_count;
