-- equivalent_pairs.sql: pairs of equivalent puzzles across two tables, with
-- the transform that maps the first onto the second.
-- Input: tables a(p TEXT) and b(p TEXT). Each canonical form is computed
-- once per row; the join is on the canonical forms.
WITH ca AS MATERIALIZED (SELECT rowid AS id, p, sudoku_minlex(p) AS canon FROM a),
     cb AS MATERIALIZED (SELECT rowid AS id, p, sudoku_minlex(p) AS canon FROM b)
SELECT ca.id AS a_id, cb.id AS b_id,
       sudoku_equiv_transform(ca.p, cb.p) AS witness
  FROM ca JOIN cb USING (canon)
 ORDER BY a_id, b_id;
