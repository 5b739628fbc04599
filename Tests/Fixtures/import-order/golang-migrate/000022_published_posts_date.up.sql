DROP VIEW published_posts;
CREATE VIEW published_posts AS
    SELECT id, title, published_at FROM posts WHERE published_at IS NOT NULL;
