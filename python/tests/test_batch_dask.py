"""The sudoku-sqlite command on dask.distributed: -j 2 (its own
LocalCluster), --scheduler (a LocalCluster started here, as a cluster
elsewhere would be), map(client=...); a worker killed mid-run; Ctrl-C
mid-run with --out. Every output must be byte-identical to -j 1's.
Skipped without dask (Debian: python3-distributed)."""
import signal
import sqlite3
import subprocess
import time
from contextlib import closing

import pytest

distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed (Debian: python3-distributed)")
psutil = pytest.importorskip("psutil", reason="psutil (a dask dependency) is not installed")

import sudoku_sqlite  # noqa: E402
from conftest import (PUZZLES, chunks_whole, command, committed_lines, connect,  # noqa: E402
                      expected, run, table_as_output, wait_for)

CALLS = [("minlex",), ("se_rating", "all"), ("count",)]


@pytest.fixture(scope="module")
def cluster():
    import logging
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.CRITICAL) as c:
        with distributed.Client(c) as client:
            yield c, client


@pytest.fixture(scope="module")
def reference(puzzle_file):
    """-j 1 output, checked against plain SQL."""
    out = {}
    for call in CALLS:
        out[call] = run("-q", *call, puzzle_file).stdout
        assert out[call] == expected(puzzle_file, *call)
    return out


@pytest.mark.parametrize("call", CALLS, ids=[c[0] for c in CALLS])
def test_same_bytes_on_workers_and_on_a_cluster(call, puzzle_file, reference, cluster):
    # small chunks: about fifty per run, finished in any order
    p = run("-q", "-j", "2", "--chunk", "37", *call, puzzle_file)
    assert p.stdout == reference[call] and p.stderr == ""
    address = cluster[0].scheduler_address
    assert run("-q", "--scheduler", address, "--chunk", "53", *call,
               puzzle_file).stdout == reference[call]
    if call[0] == "se_rating":  # chunk sizes as the timing makes them
        assert run("-q", "--scheduler", address, *call, puzzle_file).stdout == reference[call]


def test_big_chunks_say_nothing(puzzle_file, cluster, tmp_path):
    """A chunk of 12,000 rows is a database image of over 1 MB: dask would
    warn about it (nothing to warn about here); standard error stays empty."""
    big = tmp_path / "big.txt"
    big.write_text(puzzle_file.read_text() * 6)
    p = run("-q", "--scheduler", cluster[0].scheduler_address, "--chunk", "12000", "minlex", big)
    assert p.stderr == "" and len(p.stdout.splitlines()) == 6 * (PUZZLES + 2)


def test_table_updated_in_place_on_a_cluster(puzzle_file, cluster, tmp_path):
    from test_batch import make_collection_db
    path = tmp_path / "collection.db"
    db = make_collection_db(path, puzzle_file)
    want = db.execute("SELECT id, sudoku_count(p, 2) FROM puzzles WHERE id < 5000 OR id = 5002 "
                      "ORDER BY id").fetchall()
    run("-q", "--scheduler", cluster[0].scheduler_address, "--chunk", "97", "count", "2",
        "--update", f"{path}:puzzles.n", f"{path}:puzzles.p")
    assert db.execute("SELECT id, n FROM puzzles WHERE n IS NOT NULL ORDER BY id").fetchall() == want
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE name LIKE 'sudoku_batch%'"
                      ).fetchone()[0] == 0


def test_map_with_a_client(puzzle_file, cluster):
    puzzles = [p for (p,) in connect().execute(
        "SELECT puzzle FROM sudoku_read(?) WHERE puzzle IS NOT NULL", (str(puzzle_file),))]
    client = cluster[1]
    got = list(sudoku_sqlite.map("se_rating", puzzles, "all", client=client, chunk_size=29))
    assert got == list(sudoku_sqlite.map("se_rating", puzzles, "all"))
    assert len(got) == PUZZLES and got[0] == sudoku_sqlite.se_rating(puzzles[0], "all")
    values = ["x", puzzles[0]] * 10
    got = list(sudoku_sqlite.map("minlex", values, client=client, errors="return",
                                 chunk_size=3))
    assert [type(g) for g in got[:2]] == [ValueError, str] and len(got) == 20
    assert client.status == "running"  # a caller's client is left open


def worker_processes(pid):
    """The dask worker processes under the command `pid`: Python processes
    started by multiprocessing that started none themselves (not the
    forkserver nor the resource tracker)."""
    found = []
    for c in psutil.Process(pid).children(recursive=True):
        try:
            line = " ".join(c.cmdline())
            if "multiprocessing" in line and "resource_tracker" not in line and not c.children():
                found.append(c)
        except psutil.NoSuchProcess:
            pass
    return found


def test_worker_killed_mid_run(puzzle_file, reference, tmp_path):
    call = ("se_rating", "all")
    with open(tmp_path / "stderr", "w+") as err:
        proc = subprocess.Popen(command("-q", "-j", "2", "--chunk", "100", *call, puzzle_file),
                                stdout=subprocess.PIPE, stderr=err, text=True)
        # the output is in input order: its first line means chunk 0 is
        # done, and some 20 chunks of a fraction of a second each are
        # still to come
        first = proc.stdout.readline()
        workers = worker_processes(proc.pid)
        assert len(workers) == 2, workers
        # the one that works hardest now is inside a chunk (a worker does
        # nothing else that takes CPU): killing it loses that chunk
        before = [w.cpu_times().user for w in workers]
        time.sleep(0.3)
        busy = [w.cpu_times().user - b for w, b in zip(workers, before)]
        victim = workers[busy.index(max(busy))]
        assert max(busy) > 0.05, busy
        assert proc.poll() is None, "the run ended before a worker could be killed"
        victim.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()
        assert proc.wait(timeout=240) == 0, err.seek(0) or err.read()
    assert first + rest == reference[call]


def test_worker_killed_mid_chunk_has_it_redone(puzzle_file, reference):
    """On a cluster the test can see into: the worker killed holds a chunk
    of the run, and the scheduler gives that chunk to a worker again, which
    completes it; the output is whole and the same. (Chunks of some
    second each: the chunk seen on the worker is still there when it is
    killed a few milliseconds later.)"""
    import logging
    import os
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.CRITICAL) as c, \
            distributed.Client(c) as client:
        call = ("se_rating", "all")
        proc = subprocess.Popen(command("-q", "--scheduler", c.scheduler_address, "--chunk", "200",
                                        *call, puzzle_file),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = proc.stdout.readline()
        held = {w: [k for k in keys if str(k).startswith("sudoku-sqlite-")]
                for w, keys in client.processing().items()}
        victim = next(w for w, keys in held.items() if keys)
        key = held[victim][0]
        pid = client.run(os.getpid)[victim]
        os.kill(pid, signal.SIGKILL)
        rest = proc.stdout.read()  # (not communicate(): readline's buffer holds some)
        assert proc.wait(timeout=240) == 0, proc.stderr.read()
        assert first + rest == reference[call]

        def story(dask_scheduler, key=key):
            return [t[2] for t in dask_scheduler.story(key)]  # each transition's new state
        states = client.run_on_scheduler(story)
        # processing on the victim, then (it died) again on a worker, then done
        assert states.count("processing") >= 2 and "memory" in states, states
        assert states.index("memory") > len(states) - 1 - states[::-1].index("processing")


def test_ctrl_c_mid_run_then_resume(puzzle_file, reference, tmp_path):
    out = tmp_path / "results.db"
    call = ("se_rating", "all")
    args = ["-j", "2", "--out", out, "--chunk", "20", *call, puzzle_file]
    proc = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    wait_for(lambda: len(committed_lines(out)) >= 20, proc, what="a first chunk")
    workers = worker_processes(proc.pid)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "the same command again does the rest" in err
    # the cluster was closed: no worker process is left behind
    _gone, alive = psutil.wait_procs(workers, timeout=30)
    assert alive == []
    lines = committed_lines(out)
    all_lines = [r for (r,) in connect().execute("SELECT line FROM sudoku_read(?)",
                                                 (str(puzzle_file),))]
    assert 20 <= len(lines) < len(all_lines), "the run was not stopped part way"
    assert chunks_whole(lines, all_lines, 20), "a chunk was half written"
    run(*args)
    assert table_as_output(out) == reference[call]
    with closing(sqlite3.connect(out)) as db:
        assert db.execute("SELECT count(*), count(DISTINCT line) FROM results").fetchone() == (
            len(all_lines), len(all_lines))


def test_a_worker_with_another_version_stops_the_run(cluster):
    """Results must not depend on the machine: a worker whose package is
    another version fails the chunk, and the run stops naming both."""
    from sudoku_sqlite.batch import BatchError, DaskExecutor, Planner, Task, run_chunks
    executor = DaskExecutor(client=cluster[1])
    try:
        def make_task(chunk):
            return Task(version="0.0.1-other", function="sudoku_clues", args=(),
                        output="values", data=[(1, "1" + "." * 80, None, None)])
        with pytest.raises(BatchError, match=r"RuntimeError: this worker's sudoku-sqlite is "
                           rf"{sudoku_sqlite.version()}, the driver's 0.0.1-other"):
            list(run_chunks(executor, Planner([(0, 1, 1)], 1, 1.0), make_task, 1))
    finally:
        executor.close()
    assert cluster[1].status == "running"


def test_own_cluster_gives_a_worker_one_chunk_at_a_time():
    """-j N's LocalCluster: a worker gets its next chunk when it is free, so
    none waits queued on a busy worker at the end of a run (dask's default
    saturation, 1.1, queues a second chunk on each worker)."""
    from sudoku_sqlite.batch import DaskExecutor
    executor = DaskExecutor(jobs=2)
    try:
        assert executor.workers == 2
        assert executor.cluster.scheduler.WORKER_SATURATION == 1.0
    finally:
        executor.close()
