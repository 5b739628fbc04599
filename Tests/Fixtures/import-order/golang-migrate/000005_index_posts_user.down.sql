DROP INDEX posts_user;
