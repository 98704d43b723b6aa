-- demo.sql: the main job. Run from the project root after building:
--   sqlite3 :memory: -cmd '.load ./build/sudoku' '.read sql/demo.sql'
.headers on
.mode column

-- A well-known puzzle, read in any of the accepted forms and drawn as a grid.
SELECT sudoku_format('1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75', 'grid') AS puzzle;
