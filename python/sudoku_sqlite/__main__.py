"""python3 -m sudoku_sqlite: prints the module path for other tools, e.g.
    sqlite-utils query db.sqlite "SELECT sudoku_version()" \
        --load-extension "$(python3 -m sudoku_sqlite)"
    sqlite3 db.sqlite -cmd ".load $(python3 -m sudoku_sqlite)"
"""
from . import loadable_path

print(loadable_path())
