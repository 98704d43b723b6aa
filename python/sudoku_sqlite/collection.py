"""The command's inputs (puzzle files, standard input, a table column) and
outputs (standard output in input order, a results table, a column of the
input table), and the job that joins them to the engine in batch.py.

Resume: the results table and the progress table of --update are written
one transaction per chunk, so after a stop (Ctrl-C, a kill, a lost machine)
each chunk is there whole or not at all, and the same command again leaves
out the lines already there.
"""
import operator
import os
import sqlite3
import stat
import sys
import time

from .batch import (FIRST_CHUNK, HAVE_SERIALIZE, TARGET_SECONDS_LOCAL, BatchError, DaskExecutor,
                    LocalExecutor, Planner, Task, deferred_signals, load, run_chunks,
                    run_interruptibly, sql_ident)

META_TABLE = "sudoku_batch"            # target -> the call that writes it
DONE_TABLE = "sudoku_batch_done"       # --update's finished rows until the run completes


def sql_name(name):
    """A file name to bind: its text, or where it is not UTF-8 (Python
    keeps such bytes as surrogates, which sqlite3 cannot bind) its bytes, a
    BLOB (sudoku_read and ATTACH take them)."""
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return os.fsencode(name)


def shown(name):
    """A file name for messages and records: bytes that are not UTF-8 as \\xNN."""
    return os.fsencode(name).decode("utf-8", "backslashreplace")


class Input:
    """A puzzle file (`path`), standard input (`-`), or a table column of a
    SQLite database (`collection.db:puzzles.p`, lines are rowids)."""

    def __init__(self, spec):
        self.name = spec
        self.kind, self.path, self.table, self.column = "file", spec, None, None
        self.spooled = self.digest = None
        if spec == "-":
            self.kind, self.path = "stdin", None
        elif not os.path.exists(spec):
            path, colon, rest = spec.rpartition(":")
            table, dot, column = rest.rpartition(".")
            if colon and dot and table and column and os.path.isfile(path):
                self.kind, self.path, self.table, self.column = "table", path, table, column

    @staticmethod
    def looks_like_input(spec):
        return spec == "-" or os.path.exists(spec) or Input(spec).kind == "table"

    def spool(self):
        """Standard input copied into a temporary file (sudoku_read reads
        files), here in the main thread, where Ctrl-C can stop the copy."""
        import hashlib
        import tempfile
        with deferred_signals():  # made and known at once: close() removes it
            fd, self.spooled = tempfile.mkstemp(prefix="sudoku-sqlite-", suffix=".txt")
        self.path = self.spooled
        digest = hashlib.sha256()
        with open(fd, "wb") as spool:
            while True:
                block = sys.stdin.buffer.read(1 << 20)
                if not block:
                    break
                digest.update(block)
                spool.write(block)
        self.digest = digest.hexdigest()

    def close(self):
        if self.spooled:
            os.unlink(self.spooled)
            self.spooled = None

    def describe(self):
        """The input as the resume record names it: standard input by its
        content (other text piped in is another input)."""
        if self.kind == "stdin":
            return f"standard input (sha256 {self.digest[:16]})"
        return shown(self.key())

    def key(self):
        """The input however it was spelled (./p.txt, p.txt, a link to it):
        what --out stores in its input column and what resume compares."""
        if self.kind == "table":
            return f"{os.path.realpath(self.path)}:{self.table}.{self.column}"
        return self.name if self.kind == "stdin" else os.path.realpath(self.path)


def _connect(path):
    db = sqlite3.connect(path, isolation_level=None, timeout=60)
    db.execute("PRAGMA busy_timeout = 60000")
    return db


def _table_exists(db, schema, table):
    return db.execute(f"SELECT 1 FROM {schema}.sqlite_master WHERE type = 'table' AND name = ?",
                      (table,)).fetchone() is not None


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception."""

    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, value, tb):
        self.db.execute("ROLLBACK" if kind else "COMMIT")


def _claim(db, target, call):
    """Records which call writes `target`, or returns the other call that
    does."""
    db.execute(f"CREATE TABLE IF NOT EXISTS {META_TABLE}(target TEXT PRIMARY KEY, "
               "call TEXT NOT NULL)")
    row = db.execute(f"SELECT call FROM {META_TABLE} WHERE target = ?", (target,)).fetchone()
    if row and row[0] != call:
        return row[0]
    db.execute(f"INSERT OR IGNORE INTO {META_TABLE} VALUES (?, ?)", (target, call))
    return None


def _attach_rows(db, payload):
    """Puts a chunk's result rows (a database image, or a list) into res.rows."""
    if isinstance(payload, bytes):
        db.deserialize(payload, name="res")
    else:
        db.execute("DROP TABLE IF EXISTS res.rows")
        db.execute("CREATE TABLE res.rows(line INTEGER PRIMARY KEY, puzzle, result, error)")
        db.executemany("INSERT INTO res.rows VALUES (?, ?, ?, ?)", payload)


# ---------------------------------------------------------------- sinks

class Sink:
    """Where results go. The job asks the sink what an earlier run finished
    (attach, exclusion, detach: a condition on the input's rows while it
    reads them), then writes each chunk as it completes."""

    output = "rows"  # what run_task makes for it: "rows" or "text"

    def attach(self, work):
        pass

    def exclusion(self, inp, line):
        """SQL that is true for the rows still to do (`line` names the line)."""
        return "1"

    def detach(self, work):
        pass

    def pending(self):
        """Chunks held back (waiting for an earlier one)."""
        return 0

    def write(self, index, inp, payload):
        raise NotImplementedError

    def finish(self, complete):
        pass

    def close(self):
        pass


class TextSink(Sink):
    """Formatted lines on a stream, chunks in input order (the chunks come
    as bytes: a binary stream, or a text stream's buffer)."""

    output = "text"

    def __init__(self, stream):
        stream.flush()
        self.stream = getattr(stream, "buffer", stream)
        self.buffered = {}
        self.next = 0

    def pending(self):
        return len(self.buffered)

    def write_now(self, text):
        """Lines in order already (the streamed run)."""
        self.stream.write(text)
        self.stream.flush()

    def write(self, index, inp, payload):
        self.buffered[index] = payload
        while self.next in self.buffered:
            self.stream.write(self.buffered.pop(self.next))
            self.next += 1
        self.stream.flush()


class _DatabaseSink(Sink):
    """A sink in a SQLite file, one transaction per chunk; the job reads it
    as `outdb` to leave out what is done. Made in one transaction: the
    sink's own checks and tables (prepare), and the record of the call that
    writes `target`, refused (refusal) when another call holds it."""

    def __init__(self, path, target, call):
        self.path, self.target = path, target
        self.db = _connect(path)
        with _Transaction(self.db) as db:
            self.prepare(db)
            other = _claim(db, target, call)
            if other:
                raise BatchError(self.refusal(other, call))
        self.db.execute("ATTACH ':memory:' AS res")  # each chunk's result rows

    def prepare(self, db):
        raise NotImplementedError

    def refusal(self, other, call):
        raise NotImplementedError

    def attach(self, work):
        work.execute("ATTACH ? AS outdb", (sql_name(self.path),))

    def detach(self, work):
        work.execute("DETACH outdb")

    def close(self):
        self.db.close()


class TableSink(_DatabaseSink):
    """--out DB[:TABLE]: a table (input, line, puzzle, result, error) keyed
    by input and line."""

    def __init__(self, path, table, call):
        self.table = table
        super().__init__(path, table, call)

    def prepare(self, db):
        exists = _table_exists(db, "main", self.table)
        claimed = _table_exists(db, "main", META_TABLE) and db.execute(
            f"SELECT 1 FROM {META_TABLE} WHERE target = ?", (self.table,)).fetchone()
        if exists and not claimed:
            raise BatchError(f"--out {self.path}: table {self.table} exists and was not "
                             "written by sudoku-sqlite; name another table (--out FILE:TABLE)")
        db.execute(f"CREATE TABLE IF NOT EXISTS {sql_ident(self.table)}(input TEXT NOT NULL, "
                   "line INTEGER NOT NULL, puzzle, result, error TEXT, "
                   "PRIMARY KEY (input, line))")

    def refusal(self, other, call):
        return (f"--out {self.path}: table {self.table} holds {other}, not {call}; "
                "name another file or table (--out FILE:TABLE)")

    def exclusion(self, inp, line):
        return (f"NOT EXISTS (SELECT 1 FROM outdb.{sql_ident(self.table)} o "
                f"WHERE o.input = :input_key AND o.line = {line})")

    def write(self, index, inp, payload):
        _attach_rows(self.db, payload)
        with _Transaction(self.db) as db:
            db.execute(f"INSERT INTO {sql_ident(self.table)}(input, line, puzzle, result, error) "
                       "SELECT ?, line, puzzle, result, error FROM res.rows ORDER BY line",
                       (sql_name(inp.key()),))


class ColumnSink(_DatabaseSink):
    """--update DB:TABLE.COLUMN: the results written into a column of the
    input table (added if missing); a row the function fails on keeps its
    value (its message goes to standard error). Until the run completes,
    the finished rowids are kept in sudoku_batch_done (same transaction as
    the update), so a stopped run resumes; a complete run removes them."""

    def __init__(self, path, table, column, call, report):
        self.table, self.column = table, column
        self.report = report
        super().__init__(path, f"{table}.{column}", call)

    def prepare(self, db):
        t = self.table
        if not _table_exists(db, "main", t):
            raise BatchError(f"--update {self.path}: no table {t}")
        columns = [r[1] for r in db.execute(f"PRAGMA main.table_info({sql_ident(t)})")]
        if self.column not in columns:
            db.execute(f"ALTER TABLE {sql_ident(t)} ADD COLUMN {sql_ident(self.column)}")
        db.execute(f"CREATE TABLE IF NOT EXISTS {DONE_TABLE}(target TEXT NOT NULL, "
                   "line INTEGER NOT NULL, PRIMARY KEY (target, line)) WITHOUT ROWID")

    def refusal(self, other, call):
        return (f"--update {self.path}: an unfinished run of {other} is writing "
                f"{self.target}; finish it with the same command, or delete its rows "
                f"(DELETE FROM {DONE_TABLE} WHERE target = '{self.target}'; DELETE FROM "
                f"{META_TABLE} WHERE target = '{self.target}') to start again")

    def exclusion(self, inp, line):
        return (f"NOT EXISTS (SELECT 1 FROM outdb.{DONE_TABLE} d "
                f"WHERE d.target = :target AND d.line = {line})")

    def write(self, index, inp, payload):
        _attach_rows(self.db, payload)
        t, c = sql_ident(self.table), sql_ident(self.column)
        with _Transaction(self.db) as db:
            db.execute(f"UPDATE {t} SET {c} = (SELECT result FROM res.rows r "
                       f"WHERE r.line = {t}.rowid) "
                       "WHERE rowid IN (SELECT line FROM res.rows WHERE error IS NULL)")
            db.execute(f"INSERT INTO {DONE_TABLE}(target, line) SELECT ?, line FROM res.rows",
                       (self.target,))
        for line, error in self.db.execute(
                "SELECT line, error FROM res.rows WHERE error IS NOT NULL ORDER BY line"):
            self.report(f"{shown(inp.name)} rowid {line}: {error}")

    def finish(self, complete):
        if not complete:
            return
        with _Transaction(self.db) as db:
            db.execute(f"DELETE FROM {DONE_TABLE} WHERE target = ?", (self.target,))
            db.execute(f"DELETE FROM {META_TABLE} WHERE target = ?", (self.target,))
            for table in (DONE_TABLE, META_TABLE):
                if db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is None:
                    db.execute(f"DROP TABLE {table}")


# ---------------------------------------------------------------- the job

# The most rows a streamed run fetches at once: their Python objects and
# joined lines (some 50 KB for minlex) stay in memory the allocators keep;
# batches of megabytes made the program map and fault in fresh pages for
# each (53,000 page faults and a fifth more CPU over 491,580 minlex rows).
STREAM_BATCH = 256


def _regular_file(path):
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, TypeError, ValueError):
        return False


def _read_error(fn):
    """fn() reading puzzle files: sudoku_read's errors (cannot open, ...)
    as BatchError, an interrupt as KeyboardInterrupt."""
    try:
        return fn()
    except sqlite3.Error as e:
        if str(e) == "interrupted":
            raise KeyboardInterrupt from None
        raise BatchError(str(e)) from None


class Job:
    """One call over some inputs into one sink."""

    def __init__(self, call, inputs, sink, fmt=None, null="", read_format="auto"):
        self.call, self.inputs, self.sink = call, inputs, sink
        self.fmt, self.null, self.read_format = fmt, null, read_format
        # todo lives in a private temporary database: in memory while it is
        # small, spilled to a temporary file for big inputs; nothing to keep
        self.work = sqlite3.connect("", isolation_level=None, check_same_thread=False)
        for pragma in ("journal_mode = OFF", "synchronous = OFF", "cache_size = -65536"):
            self.work.execute("PRAGMA " + pragma)
        load(self.work)
        self.version = self.work.execute("SELECT sudoku_version()").fetchone()[0]
        self.rows_total = 0
        self.rows_done = 0
        self.errors = 0

    def prepare(self):
        """Reads every input into todo (what is still to do); returns the
        number of rows. Ctrl-C stops it (sudoku_read may wait on a FIFO)."""
        for inp in self.inputs:
            if inp.kind == "stdin" and inp.path is None:
                inp.spool()
        return run_interruptibly(self.work, self._prepare)

    def _prepare(self, after=(0, 0)):
        """`after` (input, rows): the inputs before that one and its first
        rows are done already (a streamed run wrote them)."""
        w = self.work
        w.execute("CREATE TABLE todo(input INTEGER, line INTEGER, puzzle, error, rest)")
        self.sink.attach(w)
        self.segments = []  # (input, first rowid, last rowid) of todo
        try:
            for i, inp in enumerate(self.inputs):
                if i < after[0]:
                    continue
                rows = self._read(i, inp, after[1] if i == after[0] else 0)
                if rows > 0:
                    self.segments.append((i, self.rows_total + 1, self.rows_total + rows))
                    self.rows_total += rows
        finally:
            self.sink.detach(w)
        first = w.execute("SELECT puzzle FROM todo WHERE puzzle IS NOT NULL LIMIT 1").fetchone()
        self.call.check(w, first[0] if first else None)
        return self.rows_total

    def _read(self, i, inp, skip=0):
        w = self.work
        params = {"i": i, "input_key": sql_name(inp.key()), "skip": skip,
                  "target": getattr(self.sink, "target", None)}
        if inp.kind == "table":
            try:
                w.execute("ATTACH ? AS src", (sql_name(inp.path),))
            except sqlite3.Error as e:
                raise BatchError(f"{shown(inp.name)}: {e}") from None
            try:
                col, tab = sql_ident(inp.column), f"src.{sql_ident(inp.table)}"
                try:
                    w.execute(f"SELECT rowid, {col} FROM {tab} LIMIT 0")
                except sqlite3.Error as e:
                    raise BatchError(f"{shown(inp.name)}: {e}") from None
                return w.execute(f"INSERT INTO todo SELECT :i, s.rowid, s.{col}, NULL, NULL "
                                 f"FROM {tab} AS s WHERE {self.sink.exclusion(inp, 's.rowid')} "
                                 "ORDER BY s.rowid", params).rowcount
            finally:
                w.execute("DETACH src")
        try:
            # (sudoku_read's rowid is the row's number: rows after the skipped)
            return w.execute(f"INSERT INTO todo SELECT :i, r.line, r.puzzle, r.error, r.rest "
                             f"FROM sudoku_read(:path, :format) AS r "
                             f"WHERE r.rowid > :skip AND {self.sink.exclusion(inp, 'r.line')}",
                             dict(params, path=sql_name(inp.path),
                                  format=self.read_format)).rowcount
        except sqlite3.Error as e:
            if str(e) == "interrupted":
                raise KeyboardInterrupt from None
            raise BatchError(str(e)) from None

    # ------------------------------------------------ -j 1 to standard output

    def streams(self, jobs=1, scheduler=None):
        """Whether the job runs streamed (run_streamed): -j 1 to standard
        output, every input a file that can be read more than once (a
        regular file, standard input's copy; not a FIFO or a table)."""
        return (jobs == 1 and not scheduler and isinstance(self.sink, TextSink)
                and all(inp.kind != "table" and _regular_file(inp.path) for inp in self.inputs))

    def _reading(self, sql, inp, **params):
        return self.work.execute(sql, dict(params, path=sql_name(inp.path),
                                           format=self.read_format))

    def check_streamed(self):
        """Before any work: every input opens (sudoku_read's message if
        not), and the call is tried on the first puzzle (Call.check)."""
        def first():
            found = None
            for inp in self.inputs:
                row = self._reading("SELECT puzzle FROM sudoku_read(:path, :format) "
                                    "WHERE puzzle IS NOT NULL LIMIT 1", inp).fetchone()
                if row and found is None:
                    found = row[0]
            return found
        run_interruptibly(self.work, lambda: self.call.check(self.work, _read_error(first)))

    def count_streamed(self):
        """The number of rows (for the progress bar's total): a reading of
        every input, some 3% of minlex's time."""
        return run_interruptibly(self.work, lambda: _read_error(lambda: sum(
            self._reading("SELECT count(*) FROM sudoku_read(:path, :format)", inp).fetchone()[0]
            for inp in self.inputs)))

    def run_streamed(self, progress=None, chunk=None):
        """-j 1 to standard output (streams()): each input is one statement
        over sudoku_read that makes the output lines, written as they come
        in input order, with no copy of the input. When the function fails
        on a row (which only a run of that row alone can tell apart), the
        rest goes the chunked way from the last row written, which gives
        that row its message."""
        rest = run_interruptibly(self.work, self._stream, progress, chunk)
        if rest is None:
            return
        self.rows_total = 0
        run_interruptibly(self.work, self._prepare, rest)
        executor = LocalExecutor(self.work)
        try:
            self.run(executor, chunk=chunk, progress=progress)
        finally:
            executor.close()

    def _stream(self, progress, chunk):
        """Returns None when every input is done, else (input, rows written
        of it) where the function failed."""
        errors = [0]

        def error_row():  # the SQL below calls it for the error rows only
            errors[0] += 1
            return 1
        self.work.create_function("sudoku_batch_error_row", 0, error_row)
        fmt, uses = self.fmt
        if uses > 1:  # a subquery that is not flattened: the function runs once a row
            source = ("(SELECT line, puzzle, error, rest, "
                      f"{self.call.expr()} AS R FROM sudoku_read(:path, :format) LIMIT -1)")
            line = fmt.format(R="R")
        else:
            source, line = "sudoku_read(:path, :format)", fmt.format(R=self.call.expr())
        sql = (f"SELECT CAST({line} AS BLOB) FROM {source} "
               "WHERE error IS NULL OR sudoku_batch_error_row()")
        first_line = operator.itemgetter(0)
        size = chunk or FIRST_CHUNK
        for i, inp in enumerate(self.inputs):
            written = 0
            try:
                rows = self._reading(sql, inp, null=self.null, input=sql_name(inp.name),
                                     **self.call.params())
                while True:
                    start = time.perf_counter()
                    batch = rows.fetchmany(size)
                    if not batch:
                        break
                    seconds = time.perf_counter() - start
                    self.sink.write_now(b"\n".join(map(first_line, batch)) + b"\n")
                    written += len(batch)
                    self.rows_done += len(batch)
                    self.errors = errors[0]
                    if progress:
                        progress.update(len(batch))
                    if not chunk:  # about a quarter of a second a batch, as a chunk
                        size = max(1, min(STREAM_BATCH, int(len(batch) * TARGET_SECONDS_LOCAL
                                                            / max(seconds, 1e-6))))
            except sqlite3.Error as e:
                if str(e) == "interrupted":
                    raise KeyboardInterrupt from None
                errors[0] = self.errors  # the failed batch's error rows come again
                return (i, written)
        return None

    def executor(self, jobs=1, scheduler=None, client=None):
        if client is not None or scheduler or jobs > 1:
            return DaskExecutor(jobs=jobs, scheduler=scheduler, client=client)
        return LocalExecutor(self.work)

    def _task(self, executor, chunk):
        i, lo, hi = chunk
        task = Task(version=self.version, function=self.call.sql_name, args=self.call.args,
                    output=self.sink.output, null=self.null, input=sql_name(self.inputs[i].name),
                    lo=lo, hi=hi)
        if self.fmt is not None:
            task.fmt, task.fmt_uses = self.fmt
        if isinstance(executor, DaskExecutor):
            task.data = self._chunk_data(lo, hi)
        return task

    def _chunk_data(self, lo, hi):
        """The rows lo..hi of todo as a small database image (or a list)."""
        w = self.work
        if not HAVE_SERIALIZE:
            return w.execute("SELECT line, puzzle, error, rest FROM todo "
                             "WHERE rowid BETWEEN ? AND ?", (lo, hi)).fetchall()
        w.execute("ATTACH ':memory:' AS chunk")
        try:
            w.execute("CREATE TABLE chunk.rows(line INTEGER, puzzle, error, rest)")
            w.execute("INSERT INTO chunk.rows SELECT line, puzzle, error, rest FROM todo "
                      "WHERE rowid BETWEEN ? AND ?", (lo, hi))
            return w.serialize(name="chunk")
        finally:
            w.execute("DETACH chunk")

    def run(self, executor, chunk=None, progress=None):
        """Runs every chunk, writing each as it completes. Returns True when
        everything is done; KeyboardInterrupt stops it (what is written
        stays written)."""
        local = isinstance(executor, LocalExecutor)
        window = 2 if local else 2 * executor.workers + 1
        planner = Planner(self.segments, executor.workers, executor.target_seconds, chunk)
        for index, (i, _lo, _hi), (payload, rows, errors, _s) in run_chunks(
                executor, planner, lambda c: self._task(executor, c), window,
                lambda: self.sink.pending() < 8 * window):
            # a chunk is written (committed) and counted whole, or not at all
            with deferred_signals():
                self.sink.write(index, self.inputs[i], payload)
                self.rows_done += rows
                self.errors += errors
            if progress:
                progress.update(rows)
        return True

    def close(self):
        self.work.close()
        for inp in self.inputs:
            inp.close()
