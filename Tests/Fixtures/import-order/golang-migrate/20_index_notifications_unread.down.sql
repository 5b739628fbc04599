DROP INDEX notifications_unread;
