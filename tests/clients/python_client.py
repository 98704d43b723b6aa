"""A real client: Debian's python3 sqlite3 module loads the extension and
runs the cases of cases.tsv (each SQL function once), checking the answers.

    /usr/bin/python3 tests/clients/python_client.py build/sudoku

Exits 77 (skipped) when this python cannot load extensions.
"""
import os
import sqlite3
import sys
import threading
import time


def cases():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "cases.tsv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line.split("\t")


def main():
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
    # run for ever, with sqlite3's OperationalError "interrupted", soon.
    timer = threading.Timer(0.05, db.interrupt)
    start = time.monotonic()
    timer.start()
    try:
        db.execute("SELECT sudoku_count(?)", ("." * 81,)).fetchone()
        ok, detail = False, "sudoku_count of the empty grid ended on its own"
    except sqlite3.OperationalError as e:
        late = time.monotonic() - start - 0.05
        ok = str(e) == "interrupted" and late < 0.1
        detail = f"error {e!s} {late * 1000:.1f} ms after the interrupt"
    timer.join()
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: interrupt()\n  {detail}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
