DROP TABLE post_tags;
