-- SQLiteTest (German tutorial, FMDB): SELECT * FROM test ORDER BY field and
-- insert into test (field) values (?). The app used to run CREATE TABLE at every launch; now the migrator does.
CREATE TABLE test (field TEXT);
