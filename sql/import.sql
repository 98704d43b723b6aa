-- import.sql: import a text file of puzzles, one per line, into puzzles(p).
-- Run it where the file is, named puzzles.txt (or edit the .import line):
--   sqlite3 my.db -cmd '.load ./build/sudoku' '.read sql/import.sql'
-- Lines may be 81 characters with '.' or '0' for empty cells; '#' comment
-- lines, blank lines and CRLF line ends are skipped. Lines that are not a
-- puzzle are counted and left out, so one bad line does not stop the load.
CREATE TABLE IF NOT EXISTS puzzles(p TEXT NOT NULL);
DROP TABLE IF EXISTS temp.import_lines;
CREATE TEMP TABLE import_lines(line TEXT);
.import --csv puzzles.txt import_lines
UPDATE temp.import_lines SET line = trim(line, ' ' || char(9, 13));
INSERT INTO puzzles(p)
  SELECT sudoku_format(line) FROM temp.import_lines
   WHERE length(line) = 81 AND line NOT GLOB '*[^.0-9]*';
SELECT count(*) FILTER (WHERE length(line) = 81 AND line NOT GLOB '*[^.0-9]*') AS imported,
       count(*) FILTER (WHERE line <> '' AND line NOT LIKE '#%'
                        AND NOT (length(line) = 81 AND line NOT GLOB '*[^.0-9]*')) AS rejected
  FROM temp.import_lines;
