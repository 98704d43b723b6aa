-- make_collection.sql: makes sql/collection.txt, the collection the demo
-- (sql/demo.sql) reads. From the project root:
--   sqlite3 -bail :memory: -cmd '.load ./build/sudoku' '.read sql/make_collection.sql'
-- Every step is seeded, so the file comes out the same byte for byte
-- (sudoku_random_grid and sudoku_scramble give the same answer for the same
-- seed; the solver's pick among several solutions plays no part).
--
-- 300 uniformly random full grids (sudoku_random_grid, seeds 1..300), each
-- dug into a minimal puzzle: the cells are visited once, in an order drawn
-- from the seed, and a clue is removed when the puzzle keeps exactly one
-- solution. Then the file is written the way collections come: some lines
-- with '0', '-' or '*' for empty cells, some with a rating or comment after
-- them, 30 disguised copies (sudoku_scramble) and 3 exact copies further
-- down, two puzzles as 9-line grids, one puzzle with a clue too few (two
-- solutions) and two lines that hold no puzzle.
.headers off
.mode list

CREATE TEMP TABLE grids AS
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 302)
  SELECT i, sudoku_random_grid(i) AS g FROM n;

-- Cell k of the visit is (k * m + o) mod 81, with m not a multiple of 3
-- (so every cell comes once) and m, o drawn from the seed.
CREATE TEMP TABLE dug AS
  WITH RECURSIVE dig(i, m, o, k, p) AS (
    SELECT i, 3 * (i * 7 % 27) + 1, i * 13 % 81, 0, g FROM grids
    UNION ALL
    SELECT i, m, o, k + 1,
           CASE WHEN sudoku_count(substr(p, 1, (k * m + o) % 81) || '.'
                                  || substr(p, (k * m + o) % 81 + 2), 2) = 1
                THEN substr(p, 1, (k * m + o) % 81) || '.' || substr(p, (k * m + o) % 81 + 2)
                ELSE p END
      FROM dig WHERE k < 81)
  SELECT i, p FROM dig WHERE k = 81;

-- The lines, each with a sort key: the puzzles in seed order, the copies
-- placed among later ones, the grids and bad lines at fixed places.
CREATE TEMP TABLE out(key REAL, text TEXT);
INSERT INTO out
  SELECT i, CASE
           WHEN i % 7 = 0  THEN sudoku_format(p, 'zeros')
           WHEN i % 17 = 0 THEN replace(p, '.', '-')
           WHEN i % 19 = 0 THEN replace(p, '.', '*')
           WHEN i % 11 = 0 THEN p || char(9) || '# seed ' || i
           WHEN i % 13 = 0 THEN p || ';' || (81 - length(replace(p, '.', ''))) || ' empty cells'
           ELSE p END
    FROM dug WHERE i <= 300;
INSERT INTO out SELECT i * 2.5 + 0.5, sudoku_scramble(p, i) || ' scrambled copy of seed ' || i
  FROM dug WHERE i % 10 = 0 AND i <= 100;
INSERT INTO out SELECT i + 150.5, sudoku_scramble(p, i)
  FROM dug WHERE i % 10 = 5 AND i <= 100;
INSERT INTO out SELECT i + 200.5, sudoku_scramble(p, 1000 + i)
  FROM dug WHERE i % 10 = 7 AND i <= 100;
INSERT INTO out SELECT i + 250.5, p FROM dug WHERE i IN (2, 3, 4);
INSERT INTO out SELECT 301.5, char(10) || sudoku_format(p, 'grid') || char(10) FROM dug WHERE i = 301;
INSERT INTO out
  WITH RECURSIVE r(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM r WHERE k < 8)
  SELECT 302.5 + k / 100.0,
         printf('%s %s %s %s %s %s %s %s %s', substr(z, 9 * k + 1, 1), substr(z, 9 * k + 2, 1),
                substr(z, 9 * k + 3, 1), substr(z, 9 * k + 4, 1), substr(z, 9 * k + 5, 1),
                substr(z, 9 * k + 6, 1), substr(z, 9 * k + 7, 1), substr(z, 9 * k + 8, 1),
                substr(z, 9 * k + 9, 1))
    FROM r, (SELECT sudoku_format(p, 'zeros') AS z FROM dug WHERE i = 302);
INSERT INTO out SELECT 120.5, substr(p, 1, 80) || '  # a cell short' FROM dug WHERE i = 120;
INSERT INTO out SELECT 180.5, 'puzzle 181 was lost here' FROM dug WHERE i = 181;
INSERT INTO out SELECT 240.5, substr(p, 1, instr(p, (SELECT substr(replace(p, '.', ''), 1, 1))) - 1) || '.'
                              || substr(p, instr(p, (SELECT substr(replace(p, '.', ''), 1, 1))) + 1)
                              || ' # one clue removed from seed 240'
  FROM dug WHERE i = 240;

.output sql/collection.txt
SELECT '# sql/collection.txt: 302 puzzles made by this project''s sql/make_collection.sql';
SELECT '# (uniform random grids from sudoku_random_grid, dug to minimal puzzles keeping one solution),';
SELECT '# with disguised and exact copies, comments, two 9-line grids and a few bad lines.';
SELECT '# Generated data, free to use like the rest of the project.';
SELECT text FROM out ORDER BY key;
.output stdout
