"""A real client: Debian's python3 sqlite3 module loads the extension and
runs the cases of cases.tsv (each SQL function once), checking the answers.

    /usr/bin/python3 tests/clients/python_client.py build/sudoku

Exits 77 (skipped) when this python cannot load extensions.
"""
import faulthandler
import os
import sqlite3
import sys
import tempfile
import threading
import time

PUZZLE = ("1..456...4......2...912...6.1...5....."
          "5..729.8..6....43.....9.2....6......82...75")


def cases():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "cases.tsv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line.split("\t")


def main():
    # a call that ignores interrupt() would hang the test: end it instead
    faulthandler.dump_traceback_later(60, exit=True)
    db = sqlite3.connect(":memory:")
    if not hasattr(db, "enable_load_extension"):
        print("this python3 cannot load SQLite extensions: skipped")
        return 77
    db.enable_load_extension(True)
    db.load_extension(sys.argv[1])
    db.enable_load_extension(False)
    passed = failed = 0
    for kind, sql, expected in cases():
        try:
            row = db.execute(sql).fetchone()
            got = "NULL" if row[0] is None else str(row[0])
            ok = kind == "value" and got == expected
            detail = f"got {got!r}, expected {expected!r}"
        except sqlite3.Error as e:
            ok = kind == "error" and expected in str(e)
            detail = f"error {e!s}, expected {expected!r}"
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAILED: {sql}\n  {detail}")
    # Connection.interrupt() from a timer thread stops a call that would
    # run for ever, with sqlite3's OperationalError "interrupted", soon:
    # a count, and a file read that never makes a row (/dev/zero).
    for sql, args in (("SELECT sudoku_count(?)", ("." * 81,)),
                      ("SELECT count(*) FROM sudoku_read(?)", ("/dev/zero",))):
        timer = threading.Timer(0.05, db.interrupt)
        start = time.monotonic()
        timer.start()
        try:
            db.execute(sql, args).fetchone()
            ok, detail = False, "it ended on its own"
        except sqlite3.OperationalError as e:
            late = time.monotonic() - start - 0.05
            ok = str(e) == "interrupted" and late < 0.1
            detail = f"error {e!s} {late * 1000:.1f} ms after the interrupt"
        timer.join()
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAILED: interrupt() of {sql}\n  {detail}")
    # sudoku_read: a rest that is not UTF-8 comes back as bytes (a BLOB),
    # so fetchall() reads every row; a well-formed rest stays a str. The
    # file's lines end in CR alone, one row each.
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "not_utf8.txt")
        with open(path, "wb") as f:
            f.write(PUZZLE.encode() + b" \xc3\x28 note\r"
                    + PUZZLE.encode() + b" # caf\xc3\xa9\r"
                    + PUZZLE.encode() + b"\tnul\x00byte\r")
        try:
            rows = db.execute("SELECT line, puzzle, rest FROM sudoku_read(?)",
                              (path,)).fetchall()
            want = [(1, PUZZLE, b"\xc3\x28 note"), (2, PUZZLE, "caf\u00e9"),
                    (3, PUZZLE, b"nul\x00byte")]
            ok, detail = rows == want, f"got {rows!r}, expected {want!r}"
        except sqlite3.Error as e:
            ok, detail = False, f"error {e!s}"
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: sudoku_read of a file that is not UTF-8\n  {detail}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
