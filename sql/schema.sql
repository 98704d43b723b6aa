-- schema.sql: a collection table, one puzzle per class of equivalent puzzles.
--   sqlite3 -bail puzzles.db -cmd '.load ./build/sudoku' '.read sql/schema.sql'
-- (from the project root; from elsewhere give both paths in full). Then fill
-- it from a file with sql/import.sql (its header gives the command).
--
-- The canonical form sits in a generated column under a UNIQUE index, so a
-- puzzle that is a disguised copy (rotated, rows/columns shuffled, digits
-- renamed) of one already stored is rejected; INSERT OR IGNORE skips it.
-- The puzzle is TEXT: a NUMERIC or INTEGER column would turn a '0'-padded
-- puzzle or a full grid into a REAL (README, "Input and output").
-- Every function used here is DETERMINISTIC and INNOCUOUS, so this schema
-- also works with PRAGMA trusted_schema=OFF. A database with this schema
-- needs the extension loaded to write to it (see README).
CREATE TABLE IF NOT EXISTS puzzles(
  id      INTEGER PRIMARY KEY,
  p       TEXT NOT NULL
          CHECK (sudoku_count(p, 2) = 1),            -- exactly one solution
  source  TEXT,                                      -- e.g. file:line
  note    TEXT,                                      -- e.g. a rating read with it
  canon   TEXT GENERATED ALWAYS AS (sudoku_minlex(p)) VIRTUAL,
  givens  INTEGER GENERATED ALWAYS AS (sudoku_clues(p)) VIRTUAL
);
CREATE UNIQUE INDEX IF NOT EXISTS puzzles_one_per_class ON puzzles(canon);
