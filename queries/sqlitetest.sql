-- SQLiteTest (German tutorial, FMDB): read all rows sorted, insert one.
SELECT * FROM test ORDER BY field;
insert into test (field) values (?);
