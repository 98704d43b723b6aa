-- demo.sql: the main job. From the project root, after building:
--   sqlite3 :memory: -cmd '.load ./build/sudoku' '.read sql/demo.sql'
-- Everything below is made by the extension itself: six well-known puzzles,
-- scrambled into 3,000 disguised copies, plus 1,000 random full grids.
.headers on
.mode column

-- 1. Six well-known puzzles.
CREATE TEMP TABLE known(name TEXT PRIMARY KEY, p TEXT NOT NULL);
INSERT INTO known VALUES
  ('dclamage example', '1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75'),
  ('AI Escargot',      '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'),
  ('Easter Monster',   '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1'),
  ('a 17-clue puzzle', '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...'),
  ('a depth-3 puzzle', '1.3.56....571.9...69.37......1.93..75.96.73.....51.......96..........4....5...86.'),
  ('an easy one',      '...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361');

SELECT name, sudoku_count(p, 2) AS solutions, sudoku_te_depth(p) AS te_depth FROM known;

-- 2. A collection with the canonical form in a generated column under a
--    UNIQUE index: equivalent puzzles cannot both be stored.
CREATE TABLE puzzles(
  id     INTEGER PRIMARY KEY,
  p      TEXT NOT NULL,
  source TEXT,
  canon  TEXT GENERATED ALWAYS AS (sudoku_minlex(p)) VIRTUAL
);
CREATE UNIQUE INDEX one_per_class ON puzzles(canon);

-- 3. Incoming rows: 500 random scrambles of each known puzzle (rotated,
--    rows and columns shuffled, digits renamed) and 1,000 random grids.
CREATE TEMP TABLE incoming AS
  SELECT k.name AS source, s.scramble AS p
    FROM known AS k, sudoku_scrambles(k.p, 500, 2026) AS s
  UNION ALL
  SELECT 'random grid', sudoku_solve(printf('%.81c', '.'), seed)
    FROM (WITH RECURSIVE n(seed) AS (SELECT 1 UNION ALL SELECT seed + 1 FROM n WHERE seed < 1000)
          SELECT seed FROM n);

SELECT count(*) AS incoming_rows, count(DISTINCT p) AS distinct_strings FROM incoming;

-- 4. Deduplicate up to symmetry: the index ignores every disguised copy.
INSERT OR IGNORE INTO puzzles(p, source) SELECT p, source FROM incoming;
SELECT count(*) AS classes_kept FROM puzzles;
SELECT source, count(*) AS kept FROM puzzles GROUP BY source ORDER BY kept, source;

-- 5. How hard are the puzzles that were kept? A T&E(Singles) depth histogram.
SELECT coalesce(sudoku_te_depth(p), 'no unique solution') AS te_depth, count(*) AS puzzles
  FROM puzzles WHERE source <> 'random grid' GROUP BY 1 ORDER BY 1;

-- 6. One equivalence witness: which transform turns AI Escargot into one of
--    its disguised copies?
.mode line
SELECT sudoku_equiv(k.p, i.p) AS equivalent,
       sudoku_equiv_transform(k.p, i.p) AS witness
  FROM known AS k, incoming AS i
 WHERE k.name = 'AI Escargot' AND i.source = 'AI Escargot' LIMIT 1;

-- 7. Easter Monster, drawn, and its canonical form.
.mode list
.print
SELECT sudoku_format(p, 'grid') AS "Easter Monster" FROM known WHERE name = 'Easter Monster';
SELECT sudoku_minlex(p) AS "Easter Monster, minlex" FROM known WHERE name = 'Easter Monster';
