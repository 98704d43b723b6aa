-- rate.sql: rate a collection by the Sudoku Explainer rating (ER, as serate
-- prints it) and list the hardest first.
-- From the project root:
--   sqlite3 -bail my.db -cmd '.load ./build/sudoku' '.read sql/rate.sql'
-- Input: a table puzzles(p TEXT). Output: puzzle_ratings(id, p, solutions,
-- te_depth, se_rating): solutions counted up to 2; se_rating (ER) is NULL
-- when the puzzle has no unique solution or is beyond the rater (README,
-- "Sudoku Explainer rating"); te_depth, the T&E(Singles) depth, is a
-- second view (NULL when not unique or deeper than 3). Most puzzles rate in
-- milliseconds, the hardest (10 and up) in seconds each: Ctrl-C stops it.
DROP TABLE IF EXISTS puzzle_ratings;
CREATE TABLE puzzle_ratings AS
  SELECT rowid AS id, p, sudoku_count(p, 2) AS solutions,
         sudoku_te_depth(p, 3) AS te_depth, sudoku_se_rating(p) AS se_rating
    FROM puzzles;

.headers on
-- how many at each whole rating (SE 7 holds 7.0 to 7.9), then the rest
SELECT CASE WHEN solutions = 0 THEN 'no solution'
            WHEN solutions > 1 THEN 'several solutions'
            WHEN se_rating IS NULL THEN 'beyond the rater'
            ELSE 'SE ' || CAST(se_rating AS INTEGER) END AS rating,
       count(*) AS puzzles
  FROM puzzle_ratings GROUP BY rating
 ORDER BY min(se_rating) IS NULL, min(se_rating), rating;

SELECT id, se_rating, te_depth, p FROM puzzle_ratings
 WHERE se_rating IS NOT NULL ORDER BY se_rating DESC, id LIMIT 10;
