-- demo.sql: the collector's main job on the collection that ships with the
-- project (sql/collection.txt, made by sql/make_collection.sql): read the
-- file, keep one puzzle per class of equivalent puzzles, rate, look at the
-- hardest. From the project root, after building:
--   sqlite3 :memory: -cmd '.load ./build/sudoku' '.read sql/demo.sql'
.headers on
.mode column --wrap 0

.print '1. Read the file: one row per puzzle (a line, or a 9-line grid), and one'
.print '   per line that holds none, with what is wrong; comments and blank lines'
.print '   give no row. `rest` is what followed the puzzle on its line.'
CREATE TABLE lines AS SELECT * FROM sudoku_read('sql/collection.txt');
SELECT count(*) AS rows, count(puzzle) AS puzzles, count(rest) AS with_comment,
       count(error) AS bad_lines FROM lines;
SELECT line, error FROM lines WHERE error IS NOT NULL;

.print
.print '2. Keep one puzzle per class: the canonical form (sudoku_minlex) under a'
.print '   UNIQUE index turns away exact and disguised copies (rows, columns,'
.print '   bands, digits shuffled); the CHECK turns away puzzles without exactly'
.print '   one solution. INSERT OR IGNORE skips both without stopping.'
CREATE TABLE puzzles(
  id    INTEGER PRIMARY KEY,
  p     TEXT NOT NULL CHECK (sudoku_count(p, 2) = 1),
  line  INTEGER,
  canon TEXT GENERATED ALWAYS AS (sudoku_minlex(p)) VIRTUAL
);
CREATE UNIQUE INDEX one_per_class ON puzzles(canon);
INSERT OR IGNORE INTO puzzles(p, line) SELECT puzzle, line FROM lines
 WHERE puzzle IS NOT NULL ORDER BY line;
SELECT count(puzzle) AS puzzles_read, count(DISTINCT puzzle) AS distinct_texts,
       count(DISTINCT sudoku_minlex(puzzle)) AS classes,
       (SELECT count(*) FROM puzzles) AS kept
  FROM lines;

.print
.print '3. The copies turned away: exact ones, disguised ones (with the'
.print '   kept puzzle each copies), and the puzzles without a unique solution.'
CREATE TEMP VIEW copies AS
  SELECT l.line, p.line AS copy_of_line, l.puzzle, p.p AS kept
    FROM lines AS l JOIN puzzles AS p ON p.canon = sudoku_minlex(l.puzzle)
   WHERE l.line <> p.line;
SELECT count(*) FILTER (WHERE puzzle = kept) AS exact_copies,
       count(*) FILTER (WHERE puzzle <> kept) AS disguised_copies,
       (SELECT count(*) FROM lines WHERE sudoku_count(puzzle, 2) <> 1) AS not_unique
  FROM copies;
SELECT line, copy_of_line, puzzle = kept AS same_text FROM copies ORDER BY line LIMIT 4;
SELECT line, sudoku_count(puzzle) AS solutions, rest FROM lines
 WHERE sudoku_count(puzzle, 2) <> 1;
.print '   The transform that maps line 14 onto its disguised copy on line 30:'
SELECT sudoku_equiv_transform(kept, puzzle) AS transform FROM copies WHERE line = 30;

.print
.print '4. Rate: the T&E(Singles) depth (0: Singles alone solve it; 1: one level'
.print '   of trial and error on top), and the number of clues.'
ALTER TABLE puzzles ADD COLUMN depth INTEGER;
UPDATE puzzles SET depth = sudoku_te_depth(p);
SELECT depth, count(*) AS puzzles, min(length(replace(p, '.', ''))) AS fewest_clues,
       round(avg(length(replace(p, '.', ''))), 1) AS mean_clues
  FROM puzzles GROUP BY depth ORDER BY depth;

.print
.print '5. The hardest: deepest first, then fewest clues; the first one drawn.'
SELECT id, line, depth, length(replace(p, '.', '')) AS clues, p FROM puzzles
 ORDER BY depth DESC, clues, id LIMIT 5;
.mode list
.headers off
SELECT sudoku_format(p, 'grid') FROM puzzles
 ORDER BY depth DESC, length(replace(p, '.', '')), id LIMIT 1;
