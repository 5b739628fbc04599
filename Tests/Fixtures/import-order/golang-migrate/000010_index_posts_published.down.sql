DROP INDEX posts_published;
