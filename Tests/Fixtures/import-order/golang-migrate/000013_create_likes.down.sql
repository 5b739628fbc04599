DROP TABLE likes;
