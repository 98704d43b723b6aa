-- schema.sql: an example schema for a puzzle collection.
--   sqlite3 puzzles.db -cmd '.load ./build/sudoku' '.read sql/schema.sql'
--
-- The canonical form sits in a generated column under a UNIQUE index, so a
-- puzzle that is a disguised copy (rotated, rows/columns shuffled, digits
-- renamed) of one already stored is rejected; INSERT OR IGNORE skips it.
-- Every function used here is DETERMINISTIC and INNOCUOUS, so this schema
-- also works with PRAGMA trusted_schema=OFF. A database with this schema
-- needs the extension loaded to write to it (see README).
CREATE TABLE IF NOT EXISTS puzzles(
  id      INTEGER PRIMARY KEY,
  p       TEXT NOT NULL
          CHECK (sudoku_count(p, 2) = 1),            -- exactly one solution
  source  TEXT,
  canon   TEXT GENERATED ALWAYS AS (sudoku_minlex(p)) VIRTUAL,
  givens  INTEGER GENERATED ALWAYS AS (length(replace(sudoku_format(p), '.', ''))) VIRTUAL
);
CREATE UNIQUE INDEX IF NOT EXISTS puzzles_one_per_class ON puzzles(canon);
