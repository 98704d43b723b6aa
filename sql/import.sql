-- import.sql: read a puzzle file into the collection of sql/schema.sql,
-- one puzzle per class. From the project root (from elsewhere, give the
-- paths of the module and of the two scripts in full; the file's path is
-- taken as it is written, relative to where sqlite3 runs):
--   sqlite3 -bail my.db -cmd '.load ./build/sudoku' -cmd '.parameter set :file puzzles.txt' '.read sql/schema.sql' '.read sql/import.sql'
-- The file may hold one puzzle per line, with a rating or comment after it
-- ('.', '0', '-', '*', '_' for empty cells), or 9-line grids; '#' comment
-- lines and blank lines are skipped (sudoku_read in README). Nothing stops
-- the import: lines that hold no puzzle, puzzles without exactly one
-- solution, and duplicates (the same puzzle, or a disguised copy, already
-- stored or earlier in the file) are counted and left out; the rejected
-- lines are listed with their line numbers and reasons. The first copy of
-- a class wins; `source` says file:line, `note` keeps what followed the
-- puzzle on its line.
DROP TABLE IF EXISTS temp.import_rows;
CREATE TEMP TABLE import_rows AS
  SELECT line, puzzle, error, rest,
         CASE WHEN puzzle IS NOT NULL THEN sudoku_count(puzzle, 2) END AS solutions
    FROM sudoku_read(coalesce(:file, '(no file named: add -cmd ''.parameter set :file PATH'')'));
DROP TABLE IF EXISTS temp.import_before;
CREATE TEMP TABLE import_before AS SELECT count(*) AS n FROM puzzles;
INSERT OR IGNORE INTO puzzles(p, source, note)
  SELECT puzzle, :file || ':' || line, rest FROM temp.import_rows
   WHERE solutions = 1 ORDER BY line;

.mode line
SELECT count(puzzle) AS puzzles_read,
       (SELECT count(*) FROM puzzles) - (SELECT n FROM temp.import_before) AS imported,
       count(*) FILTER (WHERE solutions = 1)
         - ((SELECT count(*) FROM puzzles) - (SELECT n FROM temp.import_before)) AS duplicates,
       count(*) FILTER (WHERE solutions <> 1) AS not_unique,
       count(error) AS bad_lines
  FROM temp.import_rows;
.mode list
.headers on
SELECT line, coalesce(error, CASE solutions WHEN 0 THEN 'no solution'
                                            ELSE 'more than one solution' END) AS rejected
  FROM temp.import_rows WHERE error IS NOT NULL OR solutions <> 1 ORDER BY line;
.headers off
