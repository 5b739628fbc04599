-- This file should undo anything in `up.sql`
DROP INDEX notifications_unread;
