DROP VIEW published_posts;
