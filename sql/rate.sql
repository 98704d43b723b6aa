-- rate.sql: rate a collection by T&E(Singles) depth and list the hardest.
-- From the project root:
--   sqlite3 -bail my.db -cmd '.load ./build/sudoku' '.read sql/rate.sql'
-- Input: a table puzzles(p TEXT). Output: puzzle_ratings(id, p, solutions,
-- te_depth); te_depth is NULL when the puzzle has no unique solution or is
-- deeper than 3 (raise the bound to look further; each level costs more).
DROP TABLE IF EXISTS puzzle_ratings;
CREATE TABLE puzzle_ratings AS
  SELECT rowid AS id, p, sudoku_count(p, 2) AS solutions,
         sudoku_te_depth(p, 3) AS te_depth
    FROM puzzles;

.headers on
SELECT CASE WHEN solutions = 0 THEN 'no solution'
            WHEN solutions > 1 THEN 'several solutions'
            WHEN te_depth IS NULL THEN 'deeper than 3'
            ELSE 'depth ' || te_depth END AS rating,
       count(*) AS puzzles
  FROM puzzle_ratings GROUP BY rating ORDER BY rating;

SELECT id, te_depth, p FROM puzzle_ratings
 WHERE te_depth IS NOT NULL ORDER BY te_depth DESC, id LIMIT 10;
