-- This file should undo anything in `up.sql`
DROP INDEX posts_user;
