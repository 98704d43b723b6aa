"""The sudoku-sqlite command and sudoku_sqlite.map in one process (-j 1,
jobs=1): no dask needed. test_batch_dask.py runs the same work on worker
processes and a cluster."""
import os
from contextlib import closing
import pty
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sudoku_sqlite
from conftest import (COLLECTION, PUZZLES, chunks_whole, command, committed_lines, connect,
                      expected, killed_at_the_end, run, table_as_output, wait_for)

PUZZLE = "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75"


def test_output_is_the_sql_answer_in_input_order():
    out = run("minlex", COLLECTION).stdout
    assert out == expected(COLLECTION, "minlex")
    lines = out.splitlines()
    assert len(lines) == 338 and lines[0].startswith("5\t6.....5.3")
    # bad lines are rows with their line number and the reader's message
    assert "129\t\terror: a puzzle line holds 81 cells, this one 80" in lines
    assert "196\t\terror: invalid character 'p' at column 1" in lines
    # 9-line grids keep the number of their first line
    grid_lines = [int(x.split("\t")[0]) for x in lines]
    assert grid_lines == sorted(grid_lines)


def test_function_argument_and_the_console_script(puzzle_file):
    script = Path(sys.executable).parent / "sudoku-sqlite"
    assert script.exists(), "the console script sudoku-sqlite is not installed"
    p = subprocess.run([str(script), "se_rating", "all", str(puzzle_file)],
                       capture_output=True, text=True, check=True)
    assert p.stdout == expected(puzzle_file, "se_rating", "all")
    assert len(p.stdout.splitlines()) == PUZZLES + 2
    # not a terminal: no progress bar, only the summary of the error rows
    assert p.stderr == "sudoku-sqlite: 2 of 2,002 rows are errors (error rows above)\n"
    assert run("-q", "count", "--arg", "2", COLLECTION).stdout == expected(COLLECTION, "count", "2")


def test_format_fields():
    out = run("--format", r"%l|%p ED=%r|%e|%t|%f|%%\t.", "--null", "NULL", "te_depth", "0",
              COLLECTION, "-q").stdout.splitlines()
    name = str(COLLECTION)
    db = connect()
    line, puzzle, rest = db.execute("SELECT line, puzzle, rest FROM sudoku_read(?) "
                                    "WHERE rest IS NOT NULL LIMIT 1", (name,)).fetchone()
    depth = db.execute("SELECT sudoku_te_depth(?, 0)", (puzzle,)).fetchone()[0]
    shown = "NULL" if depth is None else str(depth)
    assert f"{line}|{puzzle} ED={shown}||{rest}|{name}|%\t." in out
    assert (f"129| ED=error: a puzzle line holds 81 cells, this one 80|a puzzle line holds 81 "
            f"cells, this one 80||{name}|%\t.") in out
    p = run("--format", "%x", "minlex", COLLECTION, check=False)
    assert p.returncode == 1 and "unknown field %x" in p.stderr


def test_stdin_and_several_inputs(tmp_path):
    text = COLLECTION.read_text()
    p = subprocess.run(command("-q", "clues", "-"), input=text, capture_output=True, text=True,
                       check=True)
    assert p.stdout == expected(COLLECTION, "clues")
    second = tmp_path / "two.txt"
    second.write_text(PUZZLE + "\nnot a puzzle\n")
    out = run("-q", "status", COLLECTION, second).stdout
    assert out.endswith(f"{second}:1\t{PUZZLE}\tunique\n{second}:2\t\terror: invalid character "
                        "'n' at column 1\n")
    assert out.startswith(f"{COLLECTION}:5\t")


@pytest.mark.parametrize("args, message", [
    (["no_such_function", COLLECTION], "no such function: sudoku_no_such_function"),
    (["random_grid", COLLECTION], "sudoku_random_grid does not take a puzzle"),
    (["se_rating", "fast", COLLECTION], "sudoku_se_rating(puzzle, 'fast'): sudoku_se_rating:"),
    (["count", "1", "2", COLLECTION], "sudoku_read: cannot open '2'"),
    (["minlex", "missing.txt"], "sudoku_read: cannot open 'missing.txt'"),
    (["minlex", "--update", "x.db:t.c", COLLECTION], "--update x.db:t.c: expected"),
    (["minlex", "--out", "no/such/folder/x.db", COLLECTION], "unable to open database file"),
])
def test_mistakes_are_told_before_any_work(args, message, tmp_path):
    p = run(*args, check=False, cwd=tmp_path)
    assert p.returncode == 1 and message in p.stderr and p.stdout == ""


def test_no_dask_says_what_to_install(tmp_path):
    fake = tmp_path / "distributed"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('No module named distributed')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    p = run("-j", "2", "minlex", COLLECTION, check=False, env=env)
    assert p.returncode == 1 and "apt-get install python3-distributed" in p.stderr
    assert "-j 1 runs without it" in p.stderr
    # -j 1 needs no dask
    assert run("-q", "minlex", COLLECTION, env=env).stdout == expected(COLLECTION, "minlex")


def on_a_terminal(*args):
    """Runs the command with standard error on a pseudo-terminal; returns
    its exit status and everything written there, read while it runs (a
    pty's buffer is small, and what is left in it when the writer has gone
    may be lost)."""
    parent, child = pty.openpty()
    p = subprocess.Popen(command(*args), stdout=subprocess.DEVNULL, stderr=child)
    os.close(child)
    shown = b""
    while True:
        try:
            data = os.read(parent, 4096)
        except OSError:  # EIO: the other side is closed
            break
        if not data:
            break
        shown += data
    os.close(parent)
    return p.wait(), shown.decode()


def test_progress_bar_only_on_a_terminal(puzzle_file):
    status, text = on_a_terminal("minlex", puzzle_file, "--chunk", "500")
    assert status == 0
    assert "2,002/2,002 100.0%" in text and "/s" in text and "ETA" in text
    assert "\r" in text
    # --quiet: nothing, not even the summary of the error rows
    assert on_a_terminal("-q", "minlex", puzzle_file, "--chunk", "500") == (0, "")


def all_lines(path):
    return [r for (r,) in connect().execute("SELECT line FROM sudoku_read(?)", (str(path),))]


def test_out_table_resumes_after_ctrl_c(puzzle_file, tmp_path):
    out = tmp_path / "results.db"
    args = ["--out", out, "--chunk", "40", "se_rating", "all", puzzle_file]
    proc = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    wait_for(lambda: len(committed_lines(out)) >= 40, proc, what="a first chunk")
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    lines = committed_lines(out)
    assert 40 <= len(lines) < PUZZLES + 2, "the run was not stopped part way"
    assert chunks_whole(lines, all_lines(puzzle_file), 40), "a chunk was half written"
    assert f"stopped: {len(lines):,} rows written" in stderr and stdout == ""
    # the same command again does only what is missing
    run(*args)
    assert table_as_output(out) == expected(puzzle_file, "se_rating", "all")
    with closing(sqlite3.connect(out)) as db:
        assert db.execute("SELECT count(*), count(DISTINCT line), count(error) "
                          "FROM results").fetchone() == (PUZZLES + 2, PUZZLES + 2, 2)
    assert "nothing to do" in run(*args).stderr
    # another call into the same table is refused, not mixed in
    p = run("--out", out, "minlex", puzzle_file, check=False)
    assert p.returncode == 1 and "holds sudoku_se_rating(puzzle, 'all')" in p.stderr
    run("--out", f"{out}:canonical", "-q", "minlex", puzzle_file)
    assert table_as_output(out, "canonical") == expected(puzzle_file, "minlex")


def make_collection_db(path, puzzle_file):
    db = connect(str(path))
    db.execute("CREATE TABLE puzzles(id INTEGER PRIMARY KEY, p TEXT, note TEXT)")
    db.execute("INSERT INTO puzzles(p, note) SELECT puzzle, rest FROM sudoku_read(?) "
               "WHERE puzzle IS NOT NULL", (str(puzzle_file),))
    # values a careless import leaves: not puzzles, NULL, a BLOB, a number
    # (stored as '42': the column is TEXT)
    db.execute("INSERT INTO puzzles(id, p) VALUES (5000, 'garbage'), (5001, NULL), "
               "(5002, CAST(? AS BLOB)), (5003, 42)", (PUZZLE,))
    db.commit()
    return db


def test_update_a_column_in_place(puzzle_file, tmp_path):
    path = tmp_path / "collection.db"
    db = make_collection_db(path, puzzle_file)
    want = dict(db.execute("SELECT id, sudoku_se_rating(p, 'all') FROM puzzles "
                           "WHERE id < 5000 OR id = 5002"))
    args = ["se_rating", "all", "--update", f"{path}:puzzles.rating", "--chunk", "40",
            f"{path}:puzzles.p"]
    proc = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)

    def some_done():
        try:
            with closing(sqlite3.connect(path, timeout=10)) as check:
                return check.execute("SELECT count(*) FROM sudoku_batch_done").fetchone()[0] >= 40
        except sqlite3.OperationalError:  # not made yet
            return False
    wait_for(some_done, proc, what="a first chunk")
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    rated = db.execute("SELECT count(rating) FROM puzzles").fetchone()[0]
    assert 40 <= rated < PUZZLES
    p = run(*args)
    # the bad values: messages with their rowid, the column left NULL
    assert "puzzles.p rowid 5000: sudoku_se_rating: invalid character 'g' at offset 0" in p.stderr
    assert "rowid 5003: sudoku_se_rating: expected 81 cells, found 2" in p.stderr
    got = dict(db.execute("SELECT id, rating FROM puzzles WHERE rating IS NOT NULL"))
    assert got == {k: v for k, v in want.items() if v is not None}
    assert db.execute("SELECT count(*) FROM puzzles WHERE id >= 5000 AND id != 5002 "
                      "AND rating IS NOT NULL").fetchone()[0] == 0
    # a complete run leaves no bookkeeping behind
    tables = {t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"puzzles"}
    # in place: the puzzle column itself canonicalised; the bad rows keep their value
    minlex = dict(db.execute("SELECT id, sudoku_minlex(p) FROM puzzles WHERE id < 5000"))
    run("-q", "minlex", "--update", f"{path}:puzzles.p", f"{path}:puzzles.p", "-j", "1")
    assert dict(db.execute("SELECT id, p FROM puzzles WHERE id < 5000")) == minlex
    assert db.execute("SELECT p FROM puzzles WHERE id >= 5000 ORDER BY id").fetchall() == [
        ("garbage",), (None,), (db.execute("SELECT sudoku_minlex(?)", (PUZZLE,)).fetchone()[0],),
        ("42",)]


def test_table_input_to_standard_output(puzzle_file, tmp_path):
    path = tmp_path / "collection.db"
    make_collection_db(path, puzzle_file).close()
    out = run("-q", "clues", f"{path}:puzzles.p").stdout.splitlines()
    assert len(out) == PUZZLES + 4
    assert out[0].split("\t")[0] == "1" and out[-4:] == [
        "5000\tgarbage\terror: sudoku_clues: invalid character 'g' at offset 0 (r1c1)",
        "5001\t\t", f"5002\t{PUZZLE}\t{sudoku_sqlite.clues(PUZZLE)}",
        "5003\t42\terror: sudoku_clues: expected 81 cells, found 2"]
    p = run("clues", f"{path}:puzzles.nope", check=False)
    assert p.returncode == 1 and "no such column" in p.stderr


def test_map_in_this_process():
    values = [PUZZLE, None, "x", PUZZLE[::-1]] * 50
    want = [sudoku_sqlite.count(v) if v != "x" else "error" for v in values]
    got = list(sudoku_sqlite.map("count", values, errors="return", chunk_size=7))
    assert [g if not isinstance(g, ValueError) else "error" for g in got] == want
    assert str(got[2]) == "sudoku_count: invalid character 'x' at offset 0 (r1c1)"
    results = sudoku_sqlite.map("sudoku_count", values)
    assert [next(results), next(results)] == [1, None]
    with pytest.raises(ValueError, match="sudoku_count: invalid character"):
        next(results)
    # lazily: an endless generator, a few results taken
    endless = (PUZZLE for _ in iter(int, 1))
    first = sudoku_sqlite.map("se_rating", endless, "all")
    assert [next(first) for _ in range(3)] == [sudoku_sqlite.se_rating(PUZZLE, "all")] * 3
    first.close()
    # told at the call, before any iteration
    with pytest.raises(ValueError, match="does not take a puzzle"):
        sudoku_sqlite.map("version", [PUZZLE])
    with pytest.raises(ValueError, match="wrong number of arguments"):
        sudoku_sqlite.map("clues", [PUZZLE], 1, 2)


def test_out_knows_an_input_however_it_is_spelled(tmp_path):
    """The rows and the check for what is done use the input's absolute
    path, as the claim does: the same file named three ways is one input."""
    (tmp_path / "sub").mkdir()
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(COLLECTION.read_text())
    out = tmp_path / "r.db"
    run("-q", "--out", out, "minlex", "p.txt", cwd=tmp_path)
    for spelling in ("./p.txt", str(puzzles), "sub/../p.txt"):
        p = run("--out", out, "minlex", spelling, cwd=tmp_path)
        assert "nothing to do" in p.stderr, spelling
    with closing(sqlite3.connect(out)) as db:
        assert db.execute("SELECT count(*), count(DISTINCT line) FROM results").fetchone() == (
            338, 338)
        assert db.execute("SELECT DISTINCT input FROM results").fetchall() == [
            (os.path.realpath(puzzles),)]
    assert table_as_output(out) == expected(COLLECTION, "minlex")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_stopped_while_it_reads_its_input(sig, tmp_path):
    """A FIFO nobody writes to: the command waits in sudoku_read; Ctrl-C or
    SIGTERM stops it at once (sudoku_read checks the interrupt it is sent)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for out in ([], ["--out", tmp_path / "r.db"]):
        with killed_at_the_end(subprocess.Popen(
                command("minlex", *out, fifo), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)) as proc:
            time.sleep(1.0)  # started, and waiting for the FIFO
            assert proc.poll() is None
            proc.send_signal(sig)
            _out, err = proc.communicate(timeout=5)
        assert proc.returncode == 130, err
        assert "stopped" in err and "Traceback" not in err


def test_stopped_while_it_copies_standard_input(tmp_path):
    """Standard input is copied into a temporary file first: Ctrl-C during
    the copy (the writer is still writing) leaves no file behind."""
    spool = tmp_path / "tmp"
    spool.mkdir()
    with killed_at_the_end(subprocess.Popen(
            command("minlex", "-"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=dict(os.environ, TMPDIR=str(spool)))) as proc:
        proc.stdin.write((PUZZLE + "\n").encode() * 100)
        proc.stdin.flush()
        wait_for(lambda: any(spool.iterdir()), proc, what="the copy of standard input")
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=10)
    assert proc.returncode == 130, err
    assert list(spool.iterdir()) == []


HARD = "..34...8.......1.37.....5.42...9....5.71..4...6...7....7...2.....58....19...6...."


def test_map_left_early_stops_at_once():
    """close(), or an error raised, while a chunk of slow puzzles runs: the
    running statement is interrupted, not waited for (a chunk here is four
    puzzles of some 0.3 s each)."""
    results = sudoku_sqlite.map("se_rating", [HARD] * 40, "all")
    assert next(results) == "11.2/11.2/11.1"  # the next chunk is running now
    start = time.monotonic()
    results.close()
    assert time.monotonic() - start < 0.5
    results = sudoku_sqlite.map("se_rating", [HARD] * 4 + ["x"] + [HARD] * 40, "all",
                                chunk_size=5)
    start = time.monotonic()
    with pytest.raises(ValueError, match="invalid character 'x'"):
        for _ in results:
            start = time.monotonic()
    assert time.monotonic() - start < 0.5


def test_a_stop_between_two_statements_is_not_lost():
    """The in-process executor stopped while no statement runs (SQLite then
    drops the interrupt): the next chunk does not run."""
    from sudoku_sqlite.batch import LocalExecutor, Task
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    sudoku_sqlite.load(db)
    executor = LocalExecutor(db)
    try:
        executor.stop([])
        task = Task(version=sudoku_sqlite.version(), function="se_rating", args=("all",),
                    output="values", data=[(n, HARD, None, None) for n in range(3)])
        start = time.monotonic()
        with pytest.raises(sqlite3.OperationalError, match="interrupted"):
            executor.submit(task, "k").result(timeout=30)
        assert time.monotonic() - start < 0.25
    finally:
        executor.close()
        db.close()


def test_a_file_name_that_is_not_utf8(tmp_path):
    """A name's bytes go to sudoku_read as they are (a BLOB path); %f and
    --out's input column give them back."""
    path = tmp_path / os.fsdecode(b"p\xff.txt")
    path.write_text(COLLECTION.read_text())
    arg = os.fsencode(path)
    p = subprocess.run(command("-q", "minlex", arg), capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.decode() == expected(COLLECTION, "minlex")
    p = subprocess.run(command("-q", "clues", "--format", "%f:%l", arg, COLLECTION),
                       capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[0] == arg + b":5"
    out = tmp_path / "r.db"
    for _ in range(2):
        p = subprocess.run(command("--out", out, "minlex", arg), capture_output=True,
                           timeout=120)
        assert p.returncode == 0, p.stderr
    assert b"nothing to do" in p.stderr
    with closing(sqlite3.connect(out)) as db:
        assert db.execute("SELECT DISTINCT input FROM results").fetchall() == [
            (os.fsencode(os.path.realpath(path)),)]
    assert table_as_output(out) == expected(COLLECTION, "minlex")
    p = subprocess.run(command("minlex", os.fsencode(tmp_path / os.fsdecode(b"q\xff.txt"))),
                       capture_output=True, timeout=120)
    assert p.returncode == 1 and b"Traceback" not in p.stderr
    assert b"sudoku_read: cannot open '" in p.stderr and b"q?.txt'" in p.stderr


def test_resume_refuses_a_run_that_would_give_other_rows(tmp_path):
    """--out records the call, the inputs, how files are read and the
    engine's version: a run that differs in any of them is refused."""
    out = tmp_path / "r.db"
    run("-q", "--out", out, "--read-format", "line", "clues", COLLECTION)
    p = run("--out", out, "clues", COLLECTION, check=False)  # auto numbers grids otherwise
    assert p.returncode == 1 and "read as line by sudoku" in p.stderr
    assert "read as auto by sudoku" in p.stderr
    with closing(sqlite3.connect(out)) as db:
        db.execute("UPDATE sudoku_batch SET call = replace(call, ' by sudoku ', "
                   "' by sudoku 0.0.1-old') ")
        db.commit()
    p = run("--out", out, "--read-format", "line", "clues", COLLECTION, check=False)
    assert p.returncode == 1 and "0.0.1-old" in p.stderr
    # standard input is known by its content
    text = COLLECTION.read_text()
    stdin_out = tmp_path / "stdin.db"
    args = command("--out", stdin_out, "minlex", "-")
    first = subprocess.run(args, input=text, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    again = subprocess.run(args, input=text, capture_output=True, text=True)
    assert again.returncode == 0 and "nothing to do" in again.stderr
    other = subprocess.run(args, input=PUZZLE + "\n", capture_output=True, text=True)
    assert other.returncode == 1 and "standard input (sha256" in other.stderr
    assert table_as_output(stdin_out) == expected(COLLECTION, "minlex")
    p = subprocess.run(command("minlex", "-", "-"), input="", capture_output=True, text=True)
    assert p.returncode == 1 and "can be read only once" in p.stderr


def test_streamed_and_chunked_runs_print_the_same(tmp_path):
    """-j 1 to standard output streams a regular file (one statement, no
    copy) but copies what it can read only once (a FIFO: /dev/stdin fed by
    a pipe) and runs that in chunks: the bytes are the same, for every
    field, a result used twice, --null, and a rest that is not UTF-8."""
    path = tmp_path / "mixed.txt"
    path.write_bytes(COLLECTION.read_bytes() + PUZZLE.encode() + b" \xc3\x28 not UTF-8\n"
                     + b"..3" * 27 + b"\n")
    for args in (["minlex"], ["te_depth", "--null", "NULL", "--format", r"%l %r|%r|%e|%t|%%"],
                 ["se_rating", "all", "--format", r"%p\t%r\t%t"]):
        streamed = subprocess.run(command("-q", *args, path), capture_output=True, timeout=120)
        fifo = subprocess.run(command("-q", *args, "/dev/stdin"), input=path.read_bytes(),
                              capture_output=True, timeout=120)
        assert streamed.returncode == 0 and fifo.returncode == 0, (streamed.stderr, fifo.stderr)
        assert streamed.stdout == fifo.stdout and streamed.stdout.count(b"\n") == 340
    assert b"\xc3\x28 not UTF-8\n" in streamed.stdout


def test_streamed_run_hands_over_when_the_function_fails(tmp_path):
    """The function fails on one row in the middle of a streamed run: the
    rows before it stay written once, and the chunked way takes over from
    there, giving that row its message."""
    import io
    from sudoku_sqlite.batch import DEFAULT_FORMAT, Call, compile_format
    from sudoku_sqlite.collection import Input, Job, TextSink
    rows = connect().execute("SELECT line, puzzle, error FROM sudoku_read(?)",
                             (str(COLLECTION),)).fetchall()
    bad = rows[200][1]

    def flaky(p):
        if p == bad:
            raise ValueError("no")
        return None if p is None else p[::-1]
    for chunk in (None, 7):
        out = io.BytesIO()
        job = Job(Call("flaky"), [Input(str(COLLECTION))], TextSink(out),
                  fmt=compile_format(DEFAULT_FORMAT))
        try:
            job.work.create_function("sudoku_flaky", 1, flaky)
            assert job.streams()
            job.check_streamed()
            job.run_streamed(chunk=chunk)
        finally:
            job.close()
        assert out.getvalue().decode() == "".join(
            f"{line}\t{p or ''}\terror: {error}\n" if error else
            f"{line}\t{p}\terror: user-defined function raised exception\n" if p == bad else
            f"{line}\t{p}\t{p[::-1]}\n" for line, p, error in rows)
        assert job.rows_done == len(rows) and job.errors == 3
