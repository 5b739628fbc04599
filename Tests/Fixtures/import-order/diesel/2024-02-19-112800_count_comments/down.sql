-- This file should undo anything in `up.sql`
DROP TRIGGER comments_count;
