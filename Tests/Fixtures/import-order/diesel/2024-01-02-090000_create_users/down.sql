-- This file should undo anything in `up.sql`
DROP TABLE users;
