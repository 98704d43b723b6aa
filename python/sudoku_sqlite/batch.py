"""Whole collections through one per-puzzle SQL function, on every core of
this machine or on a dask.distributed cluster.

The command (cli.py) and map() below share one engine:

- The driver reads the input once into a private table `todo` (line,
  puzzle, error, rest): a puzzle file with the extension's own sudoku_read
  (so files read exactly as in SQL, line numbers kept, bad lines as rows
  with their message), or a column of a database table (line = rowid).
  Rows an earlier run already finished (--out, --update) are left out.
- The rows are cut into chunks of consecutive rows. A chunk is run by
  run_task(): one SQL statement `SELECT f(puzzle, ...) FROM the chunk`, so
  the work stays in C; the output is made in SQL too (the formatted text of
  the chunk, or a small database image of its result rows). Only when that
  statement fails (a value the function refuses) is the chunk done again
  row by row, to give the failing rows their message and the others their
  result.
- Chunks run in a thread of this process (jobs=1, no dask needed) or as
  dask tasks (-j N: LocalCluster, one thread per worker process; or an
  existing cluster). A dask task carries its rows as a database image
  (Connection.serialize), the worker loads the extension once per thread
  and reads the image with deserialize: nothing is handled row by row in
  Python on either side. A task has no side effect, so when a worker dies
  dask runs its chunks again elsewhere; only the driver writes results, as
  chunks complete: in input order (standard output, map) or keyed by line
  (a table), one transaction per chunk.
- Chunk sizes adapt: the first chunks are small, then each aims at a fixed
  time from the measured time per row (so a function at a million rows a
  second gets chunks of tens of thousands, one at a second a row gets one
  or two), and the last ones shrink so that every worker stays busy.

Nothing here knows what a puzzle looks like: values go to the SQL function
as they were read.
"""
import contextlib
import re
import signal
import sqlite3
import sys
import threading
import time
import warnings

from . import _FUNCTIONS, load

# The extension's scalar functions whose first argument is not a puzzle
# (they make grids, report the build, or work on transform values).
NOT_PER_PUZZLE = frozenset(
    [sql for _py, sql, required, *_rest in _FUNCTIONS
     if not required or required[0] not in ("puzzle", "a", "text", "grid")]
    + ["sudoku_transform_inverse", "sudoku_transform_compose"])

HAVE_SERIALIZE = hasattr(sqlite3.Connection, "serialize")

# A chunk aims at this much work; shorter in this process (Ctrl-C and
# commits come sooner), longer for dask (a task costs a few milliseconds).
# Until a chunk has been timed they hold FIRST_CHUNK rows.
TARGET_SECONDS_LOCAL = 0.25
TARGET_SECONDS_DASK = 1.0
FIRST_CHUNK = 4
MAX_CHUNK = 100_000


class BatchError(ValueError):
    """A problem with the job itself (arguments, input, output): the run
    stops with this message."""


def sql_quote(text):
    return "'" + str(text).replace("'", "''") + "'"


def sql_ident(name):
    return '"' + str(name).replace('"', '""') + '"'


# ---------------------------------------------------------------- the call

class Call:
    """One per-puzzle function with its constant arguments."""

    def __init__(self, function, args=()):
        name = str(function)
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise BatchError(f"not a function name: {name!r}")
        self.sql_name = name if name.startswith("sudoku_") else "sudoku_" + name
        if self.sql_name in NOT_PER_PUZZLE:
            raise BatchError(f"{self.sql_name} does not take a puzzle: it cannot be "
                             "applied to a collection")
        self.args = tuple(args)

    def expr(self, puzzle="puzzle"):
        return f"{self.sql_name}({', '.join([puzzle] + [f':a{i}' for i in range(len(self.args))])})"

    def params(self):
        return {f"a{i}": a for i, a in enumerate(self.args)}

    def describe(self):
        args = "".join(", " + (sql_quote(a) if isinstance(a, str) else repr(a)) for a in self.args)
        return f"{self.sql_name}(puzzle{args})"

    def check(self, db, first=None):
        """Refuses unknown functions, wrong argument counts and, tried on the
        first puzzle, an argument the function refuses, before any work."""
        params = self.params()
        try:
            db.execute(f"SELECT {self.expr('NULL')}", params).fetchone()
        except sqlite3.Error as e:
            raise BatchError(f"{self.describe()}: {e}") from None
        if first is None or not self.args:
            return
        # The extension checks its arguments as soon as the puzzle is read,
        # so a wrong one fails at once; a call still running after a moment
        # has accepted them and is stopped (the first puzzle may be one that
        # takes minutes).
        with_args = _quick_error(db, f"SELECT {self.expr(':p')}", dict(params, p=first))
        if with_args is None:
            return
        without = _quick_error(db, f"SELECT {self.sql_name}(:p)", {"p": first})
        if without == with_args or (without and "wrong number of arguments" in without):
            return  # the puzzle's fault, not the argument's: an error row
        raise BatchError(f"{self.describe()}: {with_args}")


def _quick_error(db, sql, params, seconds=0.2):
    """The error message of a statement that fails within `seconds`, else None."""
    timer = threading.Timer(seconds, db.interrupt)
    timer.start()
    try:
        db.execute(sql, params).fetchone()
        return None
    except sqlite3.Error as e:
        return None if _is_interrupt(e) else str(e)
    finally:
        timer.cancel()
        timer.join()


# ---------------------------------------------------------------- the format

FIELDS = {
    "l": "line",
    "p": "ifnull(puzzle, '')",
    "r": "CASE WHEN error IS NOT NULL THEN 'error: ' || error ELSE ifnull({R}, :null) END",
    "e": "ifnull(error, '')",
    "t": "ifnull(rest, '')",
    "f": ":input",
}
FORMAT_HELP = ("%l line number (rowid for a table), %p puzzle, %r result ('error: "
               "MESSAGE' on an error row), %e error message, %t the text after the "
               "puzzle on its line, %f input name, %% a percent sign; \\t TAB, \\n newline")
DEFAULT_FORMAT = "%l\\t%p\\t%r"


def compile_format(fmt):
    """The SQL expression of an output line, with {R} where the result goes,
    and how many times the result is used."""
    parts, literal, i = [], [], 0
    escapes = {"t": "\t", "n": "\n", "\\": "\\"}
    while i < len(fmt):
        c = fmt[i]
        if c in "%\\" and i + 1 < len(fmt):
            k = fmt[i + 1]
            if c == "\\" and k in escapes:
                literal.append(escapes[k])
            elif c == "%" and k == "%":
                literal.append("%")
            elif c == "%" and k in FIELDS:
                if literal:
                    parts.append(sql_quote("".join(literal)))
                    literal = []
                parts.append(FIELDS[k])
            elif c == "%":
                raise BatchError(f"--format: unknown field %{k} ({FORMAT_HELP})")
            else:
                literal.append(c + k)
            i += 2
        elif c == "%":
            raise BatchError(f"--format: a lone % at the end ({FORMAT_HELP})")
        else:
            literal.append(c)
            i += 1
    if literal or not parts:
        parts.append(sql_quote("".join(literal)))
    expr = " || ".join(parts) if len(parts) > 1 else "'' || " + parts[0]
    return expr, expr.count("{R}")


# ---------------------------------------------------------------- the runner

class Task:
    """One chunk's work, small enough to send to a dask worker: the call,
    what to make, and the rows (a database image or a list), or for this
    process a range of the driver's todo table."""

    __slots__ = ("version", "function", "args", "output", "fmt", "fmt_uses",
                 "null", "input", "data", "lo", "hi")

    def __init__(self, **kw):
        for k in self.__slots__:
            setattr(self, k, kw.get(k))

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, state):
        for k, v in state.items():
            setattr(self, k, v)


_local = threading.local()


def worker_connection():
    """This thread's connection with the extension loaded (made once)."""
    db = getattr(_local, "db", None)
    if db is None:
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        load(db)
        db.execute("ATTACH ':memory:' AS chunk")
        _local.db = db
        _local.version = db.execute("SELECT sudoku_version()").fetchone()[0]
    return db


def _is_interrupt(e):
    return str(e) == "interrupted"


class _Stoppable:
    """A connection whose every statement first looks at a stop flag: an
    interrupt sent between two statements (SQLite forgets it when none
    runs) must not let the next one run in full."""

    def __init__(self, db, stopped):
        self.db, self.stopped = db, stopped

    def _check(self):
        if self.stopped.is_set():
            raise sqlite3.OperationalError("interrupted")

    def execute(self, *args):
        self._check()
        return self.db.execute(*args)

    def executemany(self, *args):
        self._check()
        return self.db.executemany(*args)

    def __getattr__(self, name):  # serialize, deserialize
        return getattr(self.db, name)


def run_task(task, db=None, stopped=None):
    """Runs one chunk; returns (payload, rows, error rows, seconds). The rows
    are task.data (a database image or a list of (line, puzzle, error,
    rest)), or without data the driver's todo rows lo..hi (db given).
    `stopped` (a threading.Event) set: no further statement starts."""
    start = time.perf_counter()
    if stopped is not None:
        db = _Stoppable(db, stopped)
    if db is None:
        db = worker_connection()
        if task.version != _local.version:
            raise RuntimeError(f"this worker's sudoku-sqlite is {_local.version}, the "
                               f"driver's {task.version}: install the same version "
                               "everywhere (results must not depend on the machine)")
    if task.data is None:
        src, where = "main.todo", "rowid BETWEEN :lo AND :hi"
    elif isinstance(task.data, bytes):
        db.deserialize(task.data, name="chunk")
        src, where = "chunk.rows", "1"
    else:
        db.execute("DROP TABLE IF EXISTS temp.chunk_rows")
        db.execute("CREATE TEMP TABLE chunk_rows(line INTEGER, puzzle, error, rest)")
        db.executemany("INSERT INTO temp.chunk_rows VALUES (?, ?, ?, ?)", task.data)
        src, where = "temp.chunk_rows", "1"
    call = Call(task.function, task.args)
    params = dict(call.params(), lo=task.lo, hi=task.hi, null=task.null, input=task.input)
    payload, rows, errors = _RUNNERS[task.output](db, call, task, src, where, params)
    return payload, rows, errors, time.perf_counter() - start


def _row_by_row(db, call, src, where, params):
    """The slow path: temp.done gets every row of the chunk with its result
    R, or NULL and the function's message as error; returns its name."""
    db.execute("DROP TABLE IF EXISTS temp.done")
    db.execute("CREATE TEMP TABLE done(line, puzzle, error, rest, R)")
    ids = [r for (r,) in db.execute(f"SELECT rowid FROM {src} WHERE {where} ORDER BY rowid",
                                    params)]
    for rid in ids:
        p = dict(params, rid=rid)
        try:
            db.execute(f"INSERT INTO temp.done SELECT line, puzzle, error, rest, {call.expr()} "
                       f"FROM {src} WHERE rowid = :rid", p)
        except sqlite3.Error as e:
            if _is_interrupt(e):
                raise
            db.execute(f"INSERT INTO temp.done SELECT line, puzzle, :msg, rest, NULL "
                       f"FROM {src} WHERE rowid = :rid", dict(p, msg=str(e)))
    return "temp.done"


def _whole_else_row_by_row(db, call, src, where, params, whole, from_done):
    """whole(): the chunk in one statement. If the function fails on a row,
    from_done(table) makes the same from temp.done, the chunk done row by
    row (an interrupt is no failure: it propagates)."""
    try:
        return whole()
    except sqlite3.Error as e:
        if _is_interrupt(e):
            raise
        return from_done(_row_by_row(db, call, src, where, params))


def _run_text(db, call, task, src, where, params):
    fmt = task.fmt
    # The chunk's lines as one BLOB: bytes as SQLite made them, written out
    # as they are (no decoding into a str and encoding back).
    lines = "CAST(group_concat({}, char(10)) || char(10) AS BLOB), count(*), count(error)"
    if task.fmt_uses > 1:
        # in a subquery that is not flattened: the function runs once a row
        query = (f"SELECT {lines.format(fmt.format(R='R'))} "
                 f"FROM (SELECT line, puzzle, error, rest, {call.expr()} AS R "
                 f"FROM {src} WHERE {where} LIMIT -1)")
    else:
        query = f"SELECT {lines.format(fmt.format(R=call.expr()))} FROM {src} WHERE {where}"
    text, rows, errors = _whole_else_row_by_row(
        db, call, src, where, params,
        lambda: db.execute(query, params).fetchone(),
        lambda done: db.execute(f"SELECT {lines.format(fmt.format(R='R'))} FROM {done}",
                                params).fetchone())
    return text or b"", rows, errors


def _run_rows(db, call, task, src, where, params):
    db.execute("ATTACH ':memory:' AS res")
    try:
        db.execute("CREATE TABLE res.rows(line INTEGER PRIMARY KEY, puzzle, result, error)")

        def from_done(done):
            db.execute("DELETE FROM res.rows")
            db.execute(f"INSERT INTO res.rows SELECT line, puzzle, R, error FROM {done}")
        _whole_else_row_by_row(
            db, call, src, where, params,
            lambda: db.execute(f"INSERT INTO res.rows SELECT line, puzzle, {call.expr()}, "
                               f"error FROM {src} WHERE {where}", params),
            from_done)
        rows, errors = db.execute("SELECT count(*), count(error) FROM res.rows").fetchone()
        if HAVE_SERIALIZE:
            payload = db.serialize(name="res")
        else:
            payload = db.execute("SELECT line, puzzle, result, error FROM res.rows").fetchall()
    finally:
        db.execute("DETACH res")
    return payload, rows, errors


def _run_values(db, call, task, src, where, params):
    out = _whole_else_row_by_row(
        db, call, src, where, params,
        lambda: db.execute(f"SELECT {call.expr()}, error FROM {src} WHERE {where} "
                           "ORDER BY rowid", params).fetchall(),
        lambda done: db.execute(f"SELECT R, error FROM {done} ORDER BY rowid").fetchall())
    return out, len(out), sum(1 for _r, e in out if e is not None)


_RUNNERS = {"text": _run_text, "rows": _run_rows, "values": _run_values}


# ---------------------------------------------------------------- executors

class LocalExecutor:
    """Chunks run one after another in a thread of this process, on the
    driver's connection (its todo table is the input); the main thread
    stays free to write results and to take Ctrl-C, which interrupts the
    running statement (the extension checks SQLite's interrupt)."""

    workers = 1
    target_seconds = TARGET_SECONDS_LOCAL

    def __init__(self, db):
        import concurrent.futures  # (here: `import sudoku_sqlite` stays light)
        self.futures = concurrent.futures
        self.db = db
        self.pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="sudoku-batch")
        self.stopped = threading.Event()
        self.submitted = []

    def submit(self, task, key):
        future = self.pool.submit(run_task, task, self.db, self.stopped)
        self.submitted = [f for f in self.submitted if not f.done()] + [future]
        return future

    def wait(self, futures):
        return self.futures.wait(futures, return_when=self.futures.FIRST_COMPLETED).done

    def stop(self, futures):
        self.stopped.set()
        for f in futures:
            f.cancel()
        self.db.interrupt()

    def failure(self, e):
        return f"a chunk failed: {type(e).__name__}: {e}"

    def close(self):
        if self.stopped.is_set():
            # a statement that started between the flag and the interrupt
            # is interrupted again until it is over
            while not all(f.done() for f in self.submitted):
                self.db.interrupt()
                self.futures.wait(self.submitted, timeout=0.01)
        self.pool.shutdown(wait=True)


def import_distributed(why):
    try:
        import distributed
    except ImportError as e:
        raise BatchError(
            f"{why} needs dask.distributed, which this Python ({sys.executable}) cannot "
            f"import ({e}): on Debian or Ubuntu `apt-get install python3-distributed`, "
            "elsewhere `pip install distributed`; -j 1 runs without it") from None
    return distributed


def _ignore_sigint():
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class DaskExecutor:
    """Chunks as dask tasks: on a LocalCluster of `jobs` worker processes
    (one thread each), on the cluster of `scheduler`, or on `client`."""

    target_seconds = TARGET_SECONDS_DASK

    def __init__(self, jobs=None, scheduler=None, client=None):
        self.distributed = distributed = import_distributed(
            "--scheduler" if scheduler else "a client" if client else f"-j {jobs}")
        self.cluster = self.forkserver = None
        self.own_client = client is None
        if client is not None:
            self.client = client
        elif scheduler:
            try:
                self.client = distributed.Client(scheduler, timeout="20s")
            except (OSError, TimeoutError) as e:
                raise BatchError(f"--scheduler {scheduler}: {e}") from None
        else:
            import logging
            # Ctrl-C while the cluster starts stops the run once it has
            # started (and so can be closed cleanly). The workers then
            # ignore SIGINT (the plugin, also run on restarted workers):
            # Ctrl-C in a terminal reaches the whole process group, and it
            # is the driver that stops the run and closes the cluster.
            import dask
            self.client = None
            try:
                with deferred_signals():
                    self.forkserver = _forkserver(distributed)
                    # (no dashboard; the scheduler's HTTP server, which it
                    # starts anyway, on a free port rather than 8787). A
                    # worker is given a chunk only when it has none: dask's
                    # default (worker-saturation 1.1) queues a second one on
                    # a busy worker, which at the end of a run can be left
                    # waiting there while the other worker has nothing to do.
                    with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}):
                        self.cluster = distributed.LocalCluster(
                            n_workers=jobs, threads_per_worker=1, processes=True,
                            dashboard_address=None, silence_logs=logging.CRITICAL,
                            scheduler_kwargs={"dashboard": False, "dashboard_address": ":0"})
                    self.client = distributed.Client(self.cluster)
                    self.client.register_worker_plugin(_IgnoreSigint(),
                                                       name="sudoku-sqlite-sigint")
            except BaseException:
                self.close()
                raise
        info = self.client.scheduler_info().get("workers", {})
        self.workers = max(1, sum(w.get("nthreads", 1) for w in info.values()))

    def submit(self, task, key):
        # A chunk carries its rows on purpose (a few MB at most, sent once):
        # dask's advice to scatter large arguments first does not apply.
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Large object of size",
                                    category=UserWarning)
            return self.client.submit(run_task, task, key=key, pure=False)

    def wait(self, futures):
        return self.distributed.wait(list(futures), return_when="FIRST_COMPLETED").done

    def stop(self, futures):
        if futures:
            self.client.cancel(list(futures))

    def failure(self, e):
        hint = ""
        if isinstance(e, ImportError) or "sudoku_sqlite" in str(e):
            hint = (" (every worker needs this package: start dask-worker with the Python "
                    "it is installed in, e.g. ~/venv/bin/python -m distributed.cli.dask_worker)")
        elif type(e).__name__ == "KilledWorker":
            hint = " (workers died running it again and again: out of memory?)"
        return f"a chunk failed on a dask worker: {type(e).__name__}: {e}{hint}"

    def close(self):
        if self.own_client and self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        if self.forkserver is not None:
            self.forkserver.__exit__(None, None, None)
            self.forkserver = None


def _forkserver(distributed):
    """Our LocalCluster's workers start as forks of a fresh server process
    that has imported dask and this module once, rather than as new
    interpreters that import them each (dask's default, spawn): about a
    second less to start two workers here, and they also end at once.
    dask would preload every optional package it knows (pandas among them,
    imported into this process as well); we name ours. Returns dask's
    config setting, in force until its __exit__ (workers restarted during
    the run start the same way)."""
    import multiprocessing
    import dask
    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:  # no forkserver on this platform: dask's default
        return None
    utils = getattr(distributed, "utils", None)
    if utils is not None and not getattr(utils, "_forkserver_preload_set", True):
        context.set_forkserver_preload(["distributed", "sudoku_sqlite.batch"])
        utils._forkserver_preload_set = True
    return dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"})


class _IgnoreSigint:
    """A dask worker plugin (duck-typed, so this module needs no dask at
    import): the worker process ignores SIGINT."""

    def setup(self, worker):
        if _main_thread():
            _ignore_sigint()


def _main_thread():
    return threading.current_thread() is threading.main_thread()


# ---------------------------------------------------------------- signals

def run_interruptibly(db, fn, *args):
    """fn(*args), run in a thread while this thread waits, when this is the
    main thread: Python runs its signal handlers only in the main thread and
    between its own steps, so a statement run here (sudoku_read waiting on a
    FIFO, say) would never see Ctrl-C. Ctrl-C or SIGTERM (KeyboardInterrupt)
    interrupts db's statements until fn has returned, then propagates."""
    if not _main_thread():
        return fn(*args)
    outcome = []
    done = threading.Event()  # (not Thread.join: a join that Ctrl-C breaks
                              # can leave is_alive() False too early)

    def target():
        try:
            outcome.append((True, fn(*args)))
        except BaseException as e:  # handed to the main thread
            outcome.append((False, e))
        finally:
            done.set()
    threading.Thread(target=target, name="sudoku-batch-prepare", daemon=True).start()
    try:
        while not done.wait(0.1):
            pass
    except KeyboardInterrupt:
        # again until it returns: an interrupt between two statements is lost
        while not done.is_set():
            db.interrupt()
            done.wait(0.01)
        raise
    ok, value = outcome[0]
    if not ok:
        raise value
    return value


@contextlib.contextmanager
def deferred_signals():
    """Ctrl-C and SIGTERM wait until the block is over (a commit, a write):
    a chunk is written whole or not at all."""
    if not _main_thread():
        yield
        return
    got = []
    old = {}
    for s in (signal.SIGINT, signal.SIGTERM):
        old[s] = signal.signal(s, lambda signum, frame: got.append(signum))
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)
        if got:
            raise KeyboardInterrupt


# ---------------------------------------------------------------- the loop

class Planner:
    """Cuts segments of rows into chunks whose size follows the measured
    time per row."""

    def __init__(self, segments, workers, target_seconds, fixed=None):
        self.segments = list(segments)  # (key, first, last), inclusive ranges
        self.remaining = sum(last - first + 1 for _k, first, last in self.segments)
        self.workers = workers
        self.target = target_seconds
        self.fixed = fixed
        self.rows_timed = 0
        self.seconds = 0.0

    def record(self, rows, seconds):
        self.rows_timed += rows
        self.seconds += seconds

    def size(self):
        if self.fixed:
            return self.fixed
        if self.rows_timed == 0:
            # nothing timed yet: small chunks (one slow function could
            # otherwise fill every worker with minutes of work)
            size = FIRST_CHUNK
        else:
            per_row = max(self.seconds / self.rows_timed, 1e-9)
            size = int(self.target / per_row)
        size = min(size, MAX_CHUNK)
        if self.workers > 1:
            # the last chunks shrink so that no worker waits for one long chunk
            size = min(size, -(-self.remaining // (4 * self.workers)))
        return max(1, size)

    def next(self):
        while self.segments:
            key, first, last = self.segments[0]
            if first > last:
                self.segments.pop(0)
                continue
            hi = min(last, first + self.size() - 1)
            self.segments[0] = (key, hi + 1, last)
            self.remaining -= hi - first + 1
            return key, first, hi
        return None


def run_chunks(executor, planner, make_task, window, may_submit=lambda: True):
    """Yields (index, chunk, (payload, rows, errors, seconds)) as chunks
    complete, at most `window` in flight. KeyboardInterrupt stops the
    running chunks and propagates."""
    import uuid
    inflight = {}
    run_id = uuid.uuid4().hex[:12]
    index = 0
    try:
        while True:
            while len(inflight) < window and may_submit():
                chunk = planner.next()
                if chunk is None:
                    break
                task = make_task(chunk)
                fut = executor.submit(task, f"sudoku-sqlite-{run_id}-{index}")
                inflight[fut] = (index, chunk)
                index += 1
            if not inflight:
                return
            for fut in executor.wait(inflight):
                i, chunk = inflight.pop(fut)
                try:
                    result = fut.result()
                except (KeyboardInterrupt, BatchError):
                    raise
                except Exception as e:
                    raise BatchError(executor.failure(e)) from None
                planner.record(result[1], result[3])
                yield i, chunk, result
    finally:
        if inflight:
            executor.stop(list(inflight))


# ---------------------------------------------------------------- map()

def map_puzzles(function, puzzles, *args, jobs=1, client=None, scheduler=None,
                chunk_size=None, errors="raise"):
    """Applies the extension's per-puzzle function `function` ("minlex",
    "se_rating", ... or "sudoku_minlex") with the constant arguments `args`
    to every value of the iterable `puzzles`, yielding the results in input
    order (NULL as None), as SQL gives them.

    jobs=1 runs in a thread of this process (no dask needed); jobs=N starts
    a dask LocalCluster of N worker processes; client= (a
    distributed.Client) or scheduler= ('tcp://host:8786') use an existing
    cluster, whose workers need this package. A value the function refuses
    raises ValueError with the extension's message when its turn comes
    (errors="raise"), or is yielded as that ValueError (errors="return").
    The puzzles are read lazily, a chunk at a time. An unknown function or
    a wrong number of arguments raises ValueError at once.
    """
    if errors not in ("raise", "return"):
        raise ValueError("errors must be 'raise' or 'return'")
    call = Call(function, args)
    probe = _connection_for_local()
    try:
        call.check(probe)
        version = probe.execute("SELECT sudoku_version()").fetchone()[0]
    finally:
        probe.close()
    return _map_results(call, version, puzzles, jobs, client, scheduler, chunk_size, errors)


def _map_results(call, version, puzzles, jobs, client, scheduler, chunk_size, errors):
    import itertools
    if client is not None or scheduler or jobs > 1:
        executor = DaskExecutor(jobs=jobs, scheduler=scheduler, client=client)
        window = 2 * executor.workers + 1
    else:
        executor = LocalExecutor(_connection_for_local())
        window = 2
    it = iter(puzzles)
    counter = itertools.count()

    class _Stream(Planner):
        # an iterator of unknown length: sizes follow the time, no balance
        def __init__(self):
            super().__init__([], executor.workers, executor.target_seconds, chunk_size)
            self.remaining = 1 << 60

        def next(self):
            values = list(itertools.islice(it, self.size()))
            if not values:
                return None
            return [(next(counter), v, None, None) for v in values]

    def make_task(rows):
        return Task(version=version, function=call.sql_name, args=call.args,
                    output="values", data=rows)

    pending = {}
    want = 0
    chunks = run_chunks(executor, _Stream(), make_task, window,
                        lambda: len(pending) < 4 * window)
    try:
        for i, _rows, (out, _n, _e, _s) in chunks:
            pending[i] = out
            while want in pending:
                for result, error in pending.pop(want):
                    if error is None:
                        yield result
                    elif errors == "return":
                        yield ValueError(error)
                    else:
                        raise ValueError(error)
                want += 1
    finally:
        # left early (close(), break, an error raised): the running chunks
        # are stopped first (run_chunks' own finally), then waited for
        chunks.close()
        executor.close()
        if isinstance(executor, LocalExecutor):
            executor.db.close()


def _connection_for_local():
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    load(db)
    return db
