-- This file should undo anything in `up.sql`
DROP VIEW published_posts;
