"""python3 -m sudoku_sqlite: without arguments, prints the module path for
other tools, e.g.
    sqlite-utils query db.sqlite "SELECT sudoku_version()" \\
        --load-extension "$(python3 -m sudoku_sqlite)"
    sqlite3 db.sqlite -cmd ".load $(python3 -m sudoku_sqlite)"
With arguments it is the sudoku-sqlite command (cli.py):
    python3 -m sudoku_sqlite se_rating all -j 4 puzzles.txt
"""
import sys

# (guarded: dask's worker processes start by importing this module again
# under another name, and must not run the command themselves)
if __name__ == "__main__":
    if len(sys.argv) > 1:
        from .cli import main
        sys.exit(main())
    from . import loadable_path
    print(loadable_path())
