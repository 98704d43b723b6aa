-- equivalent_pairs.sql: pairs of equivalent puzzles across two tables, with
-- the transform that maps the first onto the second. From the project root:
--   sqlite3 -bail my.db -cmd '.load ./build/sudoku' '.read sql/equivalent_pairs.sql'
-- Input: tables a(p TEXT) and b(p TEXT). Each canonical form is computed
-- once per row; the join is on the canonical forms.
.headers on
WITH ca AS MATERIALIZED (SELECT rowid AS id, p, sudoku_minlex(p) AS canon FROM a),
     cb AS MATERIALIZED (SELECT rowid AS id, p, sudoku_minlex(p) AS canon FROM b)
SELECT ca.id AS a_id, cb.id AS b_id,
       sudoku_equiv_transform(ca.p, cb.p) AS witness
  FROM ca JOIN cb USING (canon)
 ORDER BY a_id, b_id;
