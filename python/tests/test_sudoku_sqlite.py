"""The installed package sudoku_sqlite: load(conn), loadable_path(), the
plain functions and their errors. Run against an installed package (see
tests/check_python.sh), not the source folder."""
import os
import sqlite3
import subprocess
import sys

import pytest

import sudoku_sqlite

PUZZLE = "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75"
# 9 digits moved to other values: an equivalent puzzle
RELABELLED = PUZZLE.translate(str.maketrans("123456789", "912345678"))
EMPTY = "." * 81


def sql(query, *args):
    db = sqlite3.connect(":memory:")
    sudoku_sqlite.load(db)
    return db.execute(query, args).fetchone()[0]


def test_installed_not_source():
    assert os.path.isfile(sudoku_sqlite.loadable_path() + ".so")
    assert "site-packages" in sudoku_sqlite.__file__


def test_load_into_a_connection():
    db = sqlite3.connect(":memory:")
    sudoku_sqlite.load(db)
    assert db.execute("SELECT sudoku_count(?)", (PUZZLE,)).fetchone()[0] == 1
    # loading was switched off again afterwards
    with pytest.raises(sqlite3.OperationalError):
        db.execute("SELECT load_extension('nothing')").fetchone()


def test_loadable_path_with_load_extension():
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(sudoku_sqlite.loadable_path())
    assert db.execute("SELECT sudoku_version()").fetchone()[0] == sudoku_sqlite.version()


def test_clear_error_without_extension_loading():
    class NoLoading:  # what a sqlite3 built without extension loading offers
        def execute(self, *args):
            raise AssertionError("not reached")

    with pytest.raises(sudoku_sqlite.ExtensionLoadingUnsupported) as e:
        sudoku_sqlite.load(NoLoading())
    assert "/usr/bin/python3" in str(e.value) and sys.executable in str(e.value)


def test_version_matches_the_package():
    from importlib.metadata import version
    assert sudoku_sqlite.version() == version("sudoku-sqlite")
    assert sudoku_sqlite.debug().startswith("version: " + sudoku_sqlite.version() + "\n")


def test_plain_functions_match_sql():
    assert sudoku_sqlite.minlex(PUZZLE) == sql("SELECT sudoku_minlex(?)", PUZZLE)
    assert sudoku_sqlite.minlex(RELABELLED) == sudoku_sqlite.minlex(PUZZLE)
    assert len(sudoku_sqlite.minlex(PUZZLE)) == 81
    assert sudoku_sqlite.equiv(PUZZLE, RELABELLED) is True
    assert sudoku_sqlite.equiv(PUZZLE, EMPTY) is False
    solution = sudoku_sqlite.solve(PUZZLE)
    assert solution == sql("SELECT sudoku_solve(?)", PUZZLE) and "." not in solution
    assert all(a in (".", b) for a, b in zip(PUZZLE, solution))
    assert sudoku_sqlite.solve(EMPTY, 7) == sql("SELECT sudoku_solve(?, 7)", EMPTY)
    assert sudoku_sqlite.solve(EMPTY, seed=7) != sudoku_sqlite.solve(EMPTY, seed=8)
    assert sudoku_sqlite.count(PUZZLE) == 1
    assert sudoku_sqlite.count(EMPTY, limit=5) == 5
    assert sudoku_sqlite.te_depth(PUZZLE) == sql("SELECT sudoku_te_depth(?)", PUZZLE)
    assert sudoku_sqlite.te_depth(PUZZLE, 0) in (0, None)
    assert sudoku_sqlite.se_rating(PUZZLE, "all") == sql("SELECT sudoku_se_rating(?, 'all')", PUZZLE)
    assert sudoku_sqlite.parse(PUZZLE.replace(".", "0") + "\t# ED=7.1") == PUZZLE
    assert sudoku_sqlite.parse("not a puzzle") is None
    grid = sudoku_sqlite.random_grid(42)
    assert grid == sql("SELECT sudoku_random_grid(42)") and sudoku_sqlite.count(grid) == 1
    assert 1 <= sudoku_sqlite.band_class(grid) <= 44


def test_null_in_none_out():
    assert sudoku_sqlite.minlex(None) is None
    assert sudoku_sqlite.equiv(None, PUZZLE) is None
    # clashing givens: no solution
    assert sudoku_sqlite.solve("11" + "." * 79) is None
    assert sudoku_sqlite.count("11" + "." * 79) == 0


@pytest.mark.parametrize("call, message", [
    (lambda: sudoku_sqlite.minlex("12x"), "sudoku_minlex: "),
    (lambda: sudoku_sqlite.solve(PUZZLE[:80]), "sudoku_solve: expected 81 cells, found 80"),
    (lambda: sudoku_sqlite.count(PUZZLE, 0), "sudoku_count: limit must be at least 1"),
    (lambda: sudoku_sqlite.te_depth(PUZZLE, -1), "sudoku_te_depth: max_depth must be >= 0"),
    (lambda: sudoku_sqlite.equiv(PUZZLE, 42), "sudoku_equiv: "),
])
def test_bad_input_raises_value_error(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value).startswith(message)


def test_signatures_from_the_table():
    import inspect
    assert str(inspect.signature(sudoku_sqlite.solve)) == "(puzzle, seed=None)"
    assert set(sudoku_sqlite.__all__) >= {"minlex", "equiv", "solve", "count", "te_depth"}
    with pytest.raises(TypeError):
        sudoku_sqlite.equiv(PUZZLE)


PLAIN = ["minlex", "equiv", "solve", "count", "clues", "pattern", "status", "is_solution",
         "symmetry", "is_minimal", "redundant_clues", "backdoor", "te_depth", "se_rating",
         "parse", "random_grid", "band_class", "version", "debug"]


def test_exports_only_the_api():
    import types
    api = {"load", "loadable_path", "ExtensionLoadingUnsupported"} | set(PLAIN)
    assert sorted(sudoku_sqlite.__all__) == sorted(api)
    # no stray public names (imported modules, helpers, the table): the
    # API, map (left out of __all__ so that a star import keeps the
    # builtin), and the package's own submodules
    public = {n for n in dir(sudoku_sqlite) if not n.startswith("_")}
    submodules = {n for n in public if isinstance(getattr(sudoku_sqlite, n), types.ModuleType)
                  and getattr(sudoku_sqlite, n).__name__ == "sudoku_sqlite." + n}
    assert public - submodules == api | {"map"}
    names = {}
    exec("from sudoku_sqlite import *", names)
    assert set(names) - {"__builtins__"} == api


def test_every_plain_function_is_listed():
    import inspect
    doc = sudoku_sqlite.__doc__
    for name in PLAIN:
        assert f"\n    {name}{inspect.signature(getattr(sudoku_sqlite, name))}\n" in doc
    # and in docs/install.md, next to these tests in the source tree
    page = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "install.md")
    if os.path.exists(page):
        text = open(page, encoding="utf-8").read()
        for name in PLAIN:
            assert f"`{name}`" in text, name


def test_main_prints_the_path():
    out = subprocess.run([sys.executable, "-m", "sudoku_sqlite"], check=True,
                         capture_output=True, text=True).stdout.strip()
    assert out == sudoku_sqlite.loadable_path()


def test_sqlite_utils_load_extension(tmp_path):
    """Debian's sqlite-utils (3.30) has no plugin hooks; its
    --load-extension takes the path the package gives."""
    exe = "/usr/bin/sqlite-utils"
    if not os.path.exists(exe):
        pytest.skip("sqlite-utils is not installed")
    db = tmp_path / "db.sqlite"
    sqlite3.connect(db).close()
    out = subprocess.run([exe, "query", str(db), f"SELECT sudoku_minlex('{PUZZLE}') AS m",
                          "--load-extension", sudoku_sqlite.loadable_path(), "--csv"],
                         check=True, capture_output=True, text=True).stdout
    assert out.split() == ["m", sudoku_sqlite.minlex(PUZZLE)]


def test_collector_facts():
    hard = "..34...8.......1.37.....5.42...9....5.71..4...6...7....7...2.....58....19...6...."
    assert sudoku_sqlite.clues(hard) == 23
    assert sudoku_sqlite.pattern(hard) == sql("SELECT sudoku_pattern(?)", hard)
    assert sudoku_sqlite.status(hard) == "unique"
    assert sudoku_sqlite.status("11" + "." * 79) == "clash"
    assert sudoku_sqlite.is_solution(hard, sudoku_sqlite.solve(hard)) is True
    assert sudoku_sqlite.is_solution(hard, sudoku_sqlite.solve(EMPTY)) is False
    assert sudoku_sqlite.symmetry(EMPTY)[:2] == ["rotate180", "rotate90"]
    assert sudoku_sqlite.is_minimal(hard) is True
    assert sudoku_sqlite.is_minimal(EMPTY) is None
    assert sudoku_sqlite.redundant_clues("1" + hard[1:]) == ["r1c1"]
    assert sudoku_sqlite.backdoor(hard) == 2
    with pytest.raises(ValueError) as e:
        sudoku_sqlite.backdoor(hard[:80])
    assert str(e.value).startswith("sudoku_backdoor: expected 81 cells, found 80")
