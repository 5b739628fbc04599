CREATE VIEW published_posts AS
    SELECT id, title FROM posts WHERE published_at IS NOT NULL;
