"""Shared by the batch tests: a 2,000-puzzle file made from the collection
that ships with the project (its 336 puzzles, comments, two 9-line grids
and two bad lines, then scrambles of its puzzles: they rate as fast), and
a way to run the installed command."""
import os
from contextlib import closing, contextmanager
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sudoku_sqlite

ROOT = Path(__file__).resolve().parents[2]
COLLECTION = ROOT / "sql" / "collection.txt"
PUZZLES = 2000


def connect(path=":memory:"):
    db = sqlite3.connect(path)
    sudoku_sqlite.load(db)
    return db


@pytest.fixture(scope="session")
def puzzle_file(tmp_path_factory):
    """collection.txt followed by scrambles up to 2,000 puzzles in all (so
    2,002 rows with the two bad lines)."""
    if not COLLECTION.is_file():
        pytest.skip(f"{COLLECTION} is missing")
    text = COLLECTION.read_text()
    db = connect()
    have = db.execute("SELECT count(puzzle) FROM sudoku_read(?)", (str(COLLECTION),)).fetchone()[0]
    more = [s for (s,) in db.execute(
        "SELECT s.scramble FROM sudoku_read(?) r, sudoku_scrambles(r.puzzle, 6, r.line) s "
        "WHERE r.puzzle IS NOT NULL ORDER BY r.line, s.n LIMIT ?",
        (str(COLLECTION), PUZZLES - have))]
    path = tmp_path_factory.mktemp("batch") / "puzzles.txt"
    path.write_text(text + "".join(p + "\n" for p in more))
    assert db.execute("SELECT count(puzzle), count(error) FROM sudoku_read(?)",
                      (str(path),)).fetchone() == (PUZZLES, 2)
    return path


def command(*args):
    """The command line (bytes stay bytes: file names that are not UTF-8)."""
    return [sys.executable, "-m", "sudoku_sqlite",
            *(a if isinstance(a, bytes) else str(a) for a in args)]


def run(*args, check=True, **kw):
    """Runs the command; returns the CompletedProcess (text)."""
    p = subprocess.run(command(*args), capture_output=True, text=True, timeout=300, **kw)
    if check and p.returncode != 0:
        raise AssertionError(f"exit {p.returncode}: {p.stderr}")
    return p


def as_output(rows):
    """(line, puzzle, result, error) rows as the command prints them."""
    return "".join(f"{line}\t{puzzle or ''}\t" + (f"error: {error}" if error else
                                                   "" if r is None else str(r)) + "\n"
                   for line, puzzle, r, error in rows)


def expected(path, function, *args):
    """What the command must print, computed here with plain SQL."""
    db = connect()
    call = f"sudoku_{function}(puzzle{''.join(', ?' for _ in args)})"
    return as_output(db.execute(f"SELECT line, puzzle, CASE WHEN error IS NULL THEN {call} END, "
                                "error FROM sudoku_read(?)", (*args, str(path))))


def wait_for(predicate, proc, timeout=120, what="the condition"):
    """Waits until predicate() while the process `proc` runs."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        if proc.poll() is not None:
            raise AssertionError(f"the command ended (exit {proc.returncode}) before "
                                 f"{what}: {proc.stderr.read()}")
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def committed_lines(db_path, table="results"):
    if not os.path.exists(db_path):
        return []
    try:
        with closing(sqlite3.connect(db_path, timeout=10)) as db:
            return [r for (r,) in db.execute(f"SELECT line FROM {table} ORDER BY line")]
    except sqlite3.OperationalError:  # not made yet
        return []


def table_as_output(db_path, table="results"):
    with closing(sqlite3.connect(db_path)) as db:
        return as_output(db.execute(f"SELECT line, puzzle, result, error FROM {table} "
                                    "ORDER BY line"))


@contextmanager
def killed_at_the_end(proc):
    """The process, killed (and waited for) if it still runs at the end of
    the block: a failed check must not leave the command running."""
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def chunks_whole(lines, all_lines, size):
    """Every chunk of `size` consecutive rows is there whole or not at all."""
    present = set(lines)
    for i in range(0, len(all_lines), size):
        chunk = all_lines[i:i + size]
        got = [line in present for line in chunk]
        if any(got) and not all(got):
            return False
    return True
