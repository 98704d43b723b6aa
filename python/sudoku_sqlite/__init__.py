"""sudoku for SQLite from Python.

    import sqlite3, sudoku_sqlite
    db = sqlite3.connect("puzzles.db")
    sudoku_sqlite.load(db)                  # every sudoku_* SQL function
    db.execute("SELECT sudoku_minlex(p) FROM puzzles")

    sudoku_sqlite.minlex("1..456...")       # or plain functions, no SQL

    # whole collections, results in input order, on 4 worker processes
    # (dask.distributed) or a cluster (client=distributed.Client(...))
    for rating in sudoku_sqlite.map("se_rating", puzzles, "all", jobs=4): ...

The command sudoku-sqlite (python3 -m sudoku_sqlite FUNCTION ...) does the
same for puzzle files and table columns, with a progress bar and results
that survive a stop: sudoku-sqlite --help, docs/batch.md.

loadable_path() is the module's path for other tools (the sqlite-vec
convention: without the file suffix, as load_extension() takes it).

Each plain function is one SQL call on a private connection (one per
thread): NULL comes back as None, and the extension's error on bad input
is raised as ValueError with its message. The table-valued functions
(sudoku_read, sudoku_scrambles, sudoku_generate, ...) are a query away on
a connection given to load(). The plain functions, made from the table
_FUNCTIONS below (a new SQL function gets its wrapper by adding a row):
"""
import os as _os
import sqlite3 as _sqlite3
import sys as _sys
import threading as _threading

__all__ = ["load", "loadable_path", "ExtensionLoadingUnsupported"]


class ExtensionLoadingUnsupported(RuntimeError):
    """This Python's sqlite3 module was built without extension loading."""


def loadable_path():
    """Path of the bundled loadable module, without its '.so' suffix."""
    return _os.path.normpath(_os.path.join(_os.path.dirname(__file__), "sudoku"))


def _unsupported_message():
    return (f"this Python ({_sys.executable}) has a sqlite3 module built without "
            "extension loading (no Connection.enable_load_extension), so it cannot "
            "load sudoku for SQLite; use a Python that can, e.g. Debian's "
            "/usr/bin/python3 (or a venv made from it)")


def load(conn):
    """Loads the extension into a sqlite3 connection: every sudoku_* SQL
    function and table. Extension loading is switched on only for the
    load and off again afterwards."""
    if not hasattr(conn, "enable_load_extension"):
        raise ExtensionLoadingUnsupported(_unsupported_message())
    conn.enable_load_extension(True)
    try:
        conn.load_extension(loadable_path())
    finally:
        conn.enable_load_extension(False)


_local = _threading.local()


def _connection():
    db = getattr(_local, "db", None)
    if db is None:
        db = _sqlite3.connect(":memory:")
        load(db)
        _local.db = db
    return db


def _call(sql_name, args):
    sql = f"SELECT {sql_name}({', '.join('?' * len(args))})"
    try:
        return _connection().execute(sql, args).fetchone()[0]
    except _sqlite3.OperationalError as e:
        # The extension's own errors name the function: bad input.
        if str(e).startswith(sql_name + ":"):
            raise ValueError(str(e)) from None
        raise


def _json(text):
    import json
    return json.loads(text)


# The plain functions: (Python name, SQL function, required arguments,
# optional trailing arguments, conversion of the result or None, summary).
# An optional argument left as None is not passed, so solve(p) calls
# sudoku_solve(p) and solve(p, 7) calls sudoku_solve(p, 7). docs/
# documents each SQL function.
_FUNCTIONS = [
    ("minlex", "sudoku_minlex", ("puzzle",), ("mode",), None,
     "The minlex canonical form of a puzzle or grid (81 characters)."),
    ("equiv", "sudoku_equiv", ("a", "b"), (), bool,
     "Whether two puzzles are equivalent under the symmetry group."),
    ("solve", "sudoku_solve", ("puzzle",), ("seed",), None,
     "A solution (81 digits), None when there is none; a seed picks "
     "among several solutions reproducibly."),
    ("count", "sudoku_count", ("puzzle",), ("limit",), None,
     "The number of solutions, stopping at limit."),
    # the collector's facts
    ("clues", "sudoku_clues", ("puzzle",), (), None, "The number of givens."),
    ("pattern", "sudoku_pattern", ("puzzle",), (), None,
     "The clue pattern: '1' for a given, '.' for an empty cell."),
    ("status", "sudoku_status", ("puzzle",), (), None,
     "'clash', 'solved', 'none', 'unique' or 'multiple'."),
    ("is_solution", "sudoku_is_solution", ("puzzle", "grid"), (), bool,
     "Whether grid is a valid full grid keeping every given of puzzle."),
    ("symmetry", "sudoku_symmetry", ("puzzle",), (), _json,
     "The names of the clue pattern's symmetries (a list)."),
    ("is_minimal", "sudoku_is_minimal", ("puzzle",), (), bool,
     "Whether no given can go keeping one solution; None unless unique."),
    ("redundant_clues", "sudoku_redundant_clues", ("puzzle",), (), _json,
     "The givens (as 'r1c1') whose removal alone keeps one solution."),
    ("backdoor", "sudoku_backdoor", ("puzzle",), (), None,
     "The Singles backdoor size; None unless the puzzle is unique."),
    ("te_depth", "sudoku_te_depth", ("puzzle",), ("max_depth",), None,
     "The T&E(Singles) depth, None when undefined or above max_depth."),
    ("se_rating", "sudoku_se_rating", ("puzzle",), ("which",), None,
     "The Sudoku Explainer rating (ER; 'pearl' or 'EP', 'diamond' or 'ED', "
     "'all' for 'ER/EP/ED'), None where this version does not rate the puzzle."),
    ("parse", "sudoku_parse", ("text",), ("format",), None,
     "The one puzzle a messy text holds (81 characters), None when none."),
    ("random_grid", "sudoku_random_grid", ("seed",), (), None,
     "A solution grid drawn exactly uniformly, reproducible by seed."),
    ("band_class", "sudoku_band_class", ("grid",), (), None,
     "The class (1-44) of a grid's top band."),
    ("version", "sudoku_version", (), (), None,
     "The extension's version (semver)."),
    ("debug", "sudoku_debug", (), (), None,
     "How the extension was built and which solver build this CPU runs."),
]


def _make(py_name, sql_name, required, optional, convert, summary):
    import inspect
    params = [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD)
              for p in required]
    params += [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                 default=None) for p in optional]
    signature = inspect.Signature(params)

    def wrapper(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        values = list(bound.arguments.values())
        while len(values) > len(required) and values[-1] is None:
            values.pop()
        result = _call(sql_name, values)
        return convert(result) if convert and result is not None else result

    wrapper.__name__ = wrapper.__qualname__ = py_name
    wrapper.__signature__ = signature
    wrapper.__doc__ = f"{summary}\n\nSQL: {sql_name}({', '.join(required + optional)})"
    return wrapper


# Made on first use (PEP 562): `import sudoku_sqlite` stays quick (inspect
# alone takes some 5 ms to import), which the sudoku-sqlite command's
# start-up feels on small jobs.
_PLAIN = {row[0]: row for row in _FUNCTIONS}
__all__ += list(_PLAIN)
if __doc__ is not None:  # (python -OO drops docstrings)
    for _row in _FUNCTIONS:
        _args = list(_row[2]) + [f"{a}=None" for a in _row[3]]
        __doc__ += f"\n    {_row[0]}({', '.join(_args)})\n        {_row[5]}"
    del _row, _args


def __getattr__(name):
    row = _PLAIN.get(name)
    if row is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = wrapper = _make(*row)
    return wrapper


def __dir__():
    return sorted(set(globals()) | set(_PLAIN))

# Whole collections, on every core or a dask cluster (batch.py; the
# command is sudoku-sqlite, cli.py). Not in __all__: a star import must
# not hide the builtin map.
from .batch import map_puzzles as map  # noqa: E402,F401
