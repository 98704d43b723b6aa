-- dedupe.sql: deduplicate a collection up to symmetry. From the project root:
--   sqlite3 -bail my.db -cmd '.load ./build/sudoku' '.read sql/dedupe.sql'
-- Input: a table puzzles(p TEXT), one puzzle per row, in any accepted form.
-- Output: puzzle_classes(canon, p, first_row, copies): one row per class of
-- equivalent puzzles, with the first stored representative and the number
-- of rows in the class. The canonical form is computed once per row.
DROP TABLE IF EXISTS puzzle_classes;
CREATE TABLE puzzle_classes AS
  SELECT sudoku_minlex(p) AS canon, p, min(rowid) AS first_row, count(*) AS copies
    FROM puzzles
   GROUP BY canon;

.headers on
SELECT (SELECT count(*) FROM puzzles) AS rows,
       (SELECT count(*) FROM puzzle_classes) AS classes,
       (SELECT count(*) FROM puzzle_classes WHERE copies > 1) AS classes_with_copies;

-- To delete the copies in place instead, keeping the first row of each class:
--   DELETE FROM puzzles WHERE rowid NOT IN (SELECT first_row FROM puzzle_classes);
