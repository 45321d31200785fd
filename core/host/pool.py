"""The worker pool: long-lived processes that run plugin tasks on msgpack positions.

A task names a plugin and either one of its hooks (kiai_generate, kiai_endgame) or one
of its pool functions, and runs on a Context rebuilt from context bytes; each worker
(core.host.worker) keeps the last context it rebuilt, so a batch pays for the rebuild
once per worker. Requests and answers are msgpack bytes with a version field.

Every task has a deadline it can see (ctx.deadline, and the services' deadline, at which
readers stop and answer what they have), so a tight budget costs a worse move, not a
killed worker. Only a task still running GRACE past its deadline gets its worker killed
and replaced. A task lost with a worker that died is tried once more on another. With
workers=0 the same tasks run in this process on a context rebuilt from the same bytes,
so results are identical.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Final, Sequence

import msgpack

from core.host.collector import collector_paused
from core.host.context import Context, context_key, unpack_context
from core.host.plugins import PluginHost
from core.host.worker import WIRE_VERSION, worker_main
from core.move.reasons import MoveReason

HOOKS: Final = ("kiai_generate", "kiai_endgame")
GRACE: Final = 0.3  # seconds past its deadline (plus a tenth of its time) before a task's worker is killed
NOT_RUN: Final = "not run: out of time"  # a task the deadline left unstarted (no plugin's fault)
RETRIES: Final = 1  # times a task lost with a dead worker is tried again
BATCH: Final = "batch:"  # a task running one pool function on several argument tuples

# What an examine hook gets to run its own plugin's pool functions: run(function,
# argument tuples, affinity=None) -> one value per tuple (None where the task failed);
# affinity gives a key per tuple, and tuples with one key run on one worker, whose
# caches they share from move to move.
PoolRun = Callable[..., list[Any]]


@dataclass(frozen=True)
class Task:
    """One unit of work: a plugin's hook or pool function, with arguments."""

    plugin: str
    name: str  # a hook in HOOKS, or a pool function name
    args: tuple[Any, ...] = ()
    worker: int = -1  # the worker (by slot) that must run it, to use what it keeps; -1: any


@dataclass
class TaskResult:
    """What became of a task: its value (msgpack-able) or an error message."""

    task: Task
    ok: bool
    value: Any = None
    error: str = ""
    seconds: float = 0.0


@dataclass
class PoolStats:
    """Time the pool itself costs, apart from the plugins' own work."""

    batches: int = 0
    tasks: int = 0
    overhead: float = 0.0  # packing, sending, collecting, unpacking contexts (seconds)
    compute: float = 0.0  # seconds inside plugin code
    failures: list[str] = field(default_factory=list)
    kills: int = 0  # workers killed because a task ran past its deadline
    by_plugin: dict[str, float] = field(default_factory=dict)  # seconds inside each plugin's code

    def take(self) -> PoolStats:
        """A copy of the figures, and reset them."""
        copy = PoolStats(self.batches, self.tasks, self.overhead, self.compute, list(self.failures), self.kills,
                         dict(self.by_plugin))
        self.batches = self.tasks = self.kills = 0
        self.overhead = self.compute = 0.0
        self.failures.clear()
        self.by_plugin.clear()
        return copy


class TaskTimeout(Exception):
    """Raised inside an in-process task that ran past its time limit."""


def execute(host: PluginHost, ctx: Context, task: Task) -> Any:
    """Run one task on a context, readers bound by its deadline; the value in msgpack-friendly form."""
    outer = host.services.deadline
    host.services.deadline = ctx.deadline
    try:
        return _execute(host, ctx, task)
    finally:
        host.services.deadline = outer


def fair_share(end: float, items: int) -> float:
    """The deadline of the next of `items` questions that share the time until end."""
    now = time.monotonic()
    return min(end, now + (end - now) / max(1, items))


def _run_batch(host: PluginHost, ctx: Context, plugin: str, name: str, items: list[Any]) -> list[list[Any]]:
    """Each item's [ok, value or error]: every item first gets its fair share of the time
    left, so that one hard question cannot starve the items behind it; then an item that
    ran out of its share is asked again with a share of what the quick ones left, where
    that is more than it had (a pool function may so be called twice for one item)."""
    end = ctx.deadline
    given: list[float] = []  # the seconds each item had in the first pass
    starved: list[int] = []

    def run(k: int, deadline: float) -> list[Any]:
        ctx.deadline = host.services.deadline = deadline
        try:
            return [True, host.run_function(plugin, name, ctx, *items[k])]
        except Exception as e:
            return [False, f"{type(e).__name__}: {e}"]
        finally:
            while ctx.board.stackp:
                ctx.board.popgo()

    out: list[list[Any]] = []
    try:
        for k in range(len(items)):
            share = fair_share(end, len(items) - k)
            given.append(share - time.monotonic())
            out.append(run(k, share))
            if share < end and time.monotonic() >= share:
                starved.append(k)
        for j, k in enumerate(starved):
            share = fair_share(end, len(starved) - j)
            if share - time.monotonic() > given[k]:
                out[k] = run(k, share)
    finally:
        ctx.deadline = host.services.deadline = end
    return out


def _execute(host: PluginHost, ctx: Context, task: Task) -> Any:
    if task.name.startswith(BATCH):
        name = task.name[len(BATCH):]
        host.pool_function(task.plugin, name)  # a missing function fails the whole task
        return _run_batch(host, ctx, task.plugin, name, list(task.args))
    if task.name in HOOKS:
        result = host.call(task.plugin, task.name, ctx=ctx)
        if result is None:
            return []
        if not isinstance(result, (list, tuple)) or not all(isinstance(r, MoveReason) for r in result):
            raise TypeError(f"{task.name} returned {type(result).__name__}, not a list of MoveReason")
        return [r.to_wire() for r in result]
    return host.run_function(task.plugin, task.name, ctx, *task.args)


class ContextCache:
    """The last context rebuilt, kept while the board is left as it was found."""

    def __init__(self, host: PluginHost) -> None:
        self.host = host
        self.key: bytes | None = None
        self.data: bytes | None = None
        self.ctx: Context | None = None
        self.hash = 0

    def get(self, key: bytes, data: bytes | None, deadline: float) -> tuple[Context, float]:
        """The context for key (rebuilt from data if needed) and the seconds spent rebuilding."""
        t0 = time.perf_counter()
        if data is not None and key != self.key:
            self.key, self.data, self.ctx = key, data, None
        if self.data is None or key != self.key:
            raise ValueError("worker has no context for this task")
        ctx = self.ctx
        if ctx is None or ctx.board.stackp != 0 or ctx.board.hash != self.hash:
            ctx = unpack_context(self.data, self.host.services, deadline)
            self.host.follow(ctx.level, ctx.states)  # (in the engine's own process: nothing to change)
            self.ctx, self.hash = ctx, ctx.board.hash
        ctx.deadline = deadline
        return ctx, time.perf_counter() - t0

    def clean(self) -> None:
        """Undo reading moves a task forgot to pop."""
        if self.ctx is not None:
            while self.ctx.board.stackp:
                self.ctx.board.popgo()


@dataclass
class _Worker:
    process: Any
    conn: multiprocessing.connection.Connection
    key: bytes | None = None  # the context it holds


class Pool:
    """Runs batches of tasks on `workers` processes, or in-process when workers == 0."""

    def __init__(self, host: PluginHost, workers: int = 0) -> None:
        self.host = host
        self.workers = workers
        self.stats = PoolStats()
        self._spec = msgpack.packb(host.spec.to_wire())
        methods = multiprocessing.get_all_start_methods()
        self._mp: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self._pool: list[_Worker] = [self._start() for _ in range(workers)]
        self._local = ContextCache(host)
        self._next_id = 0

    def _start(self) -> _Worker:
        parent, child = self._mp.Pipe()
        proc = self._mp.Process(target=worker_main, args=(child, self._spec, os.getpid()), daemon=True)
        proc.start()
        child.close()
        return _Worker(proc, parent)

    def _replace(self, w: _Worker) -> _Worker:
        try:
            w.process.kill()
            w.process.join(1.0)
        except Exception:
            pass
        w.conn.close()
        fresh = self._start()
        self._pool[self._pool.index(w)] = fresh
        return fresh

    def map(self, ctx_bytes: bytes, plugin: str, function: str, argslist: list[tuple[Any, ...]], timeout: float,
            deadline: float | None = None, affinity: Sequence[int] | None = None) -> list[TaskResult]:
        """Run a pool function on each argument tuple, a few tuples per task (two chunks per
        worker), so small tasks do not each pay a round trip. One result per tuple, in
        order. With affinity (a key per tuple), the tuples of one key always run on the
        same worker (`slot`), so what that worker cached for them is used."""
        if not argslist:
            return []
        if affinity is not None and self.workers:
            slots = [[i for i in range(len(argslist)) if slot(affinity[i], self.workers) == k]
                     for k in range(self.workers)]
            groups = [(g, k) for k, g in enumerate(slots) if g]
        else:
            chunks = max(1, 2 * self.workers)
            size = -(-len(argslist) // chunks)
            groups = [(list(range(i, min(i + size, len(argslist)))), -1) for i in range(0, len(argslist), size)]
        tasks = [Task(plugin, BATCH + function, tuple(tuple(argslist[i]) for i in g), k) for g, k in groups]
        largest = max(len(g) for g, _ in groups)
        out: dict[int, TaskResult] = {}
        results = self.run(ctx_bytes, tasks, timeout * largest, deadline)  # a chunk may take each item's time
        for (group, _), result in zip(groups, results):
            for k, i in enumerate(group):
                single = Task(plugin, function, tuple(argslist[i]))
                if result.ok and isinstance(result.value, list) and k < len(result.value):
                    ok, value = result.value[k]
                    out[i] = TaskResult(single, bool(ok), value if ok else None, "" if ok else str(value))
                else:
                    out[i] = TaskResult(single, False, error=result.error or "malformed batch result")
        return [out[i] for i in range(len(argslist))]  # every tuple is in exactly one group

    def _pick(self, tasks: list[Task], waiting: deque[int], idle: list[_Worker]) -> tuple[int, _Worker] | None:
        """The first waiting task that an idle worker may run, and that worker (taken off
        both lists); None when every waiting task wants a busy worker."""
        for i in waiting:
            want = tasks[i].worker
            for w in reversed(idle):
                if want < 0 or self._pool.index(w) == want % len(self._pool):
                    waiting.remove(i)
                    idle.remove(w)
                    return i, w
        return None

    def pids(self) -> list[int]:
        """Process ids of the workers."""
        return [w.process.pid for w in self._pool]

    def run(self, ctx_bytes: bytes, tasks: list[Task], timeout: float,
            deadline: float | None = None) -> list[TaskResult]:
        """Run tasks on the context; results in task order, whatever order they finish in.

        Each task may take `timeout` seconds; none runs past `deadline` (monotonic time),
        and tasks not started by then are reported as not run.
        """
        self.stats.batches += 1
        self.stats.tasks += len(tasks)
        if not tasks:
            return []
        end = deadline if deadline is not None else float("inf")
        if self.workers == 0:
            results = []
            for t in tasks:
                left = min(timeout, end - time.monotonic())
                results.append(self._run_local(ctx_bytes, t, left) if left > 0
                               else TaskResult(t, False, error=NOT_RUN))
        else:
            results = self._run_pool(ctx_bytes, tasks, timeout, end)
        for r in results:
            self.stats.compute += r.seconds
            self.stats.by_plugin[r.task.plugin] = self.stats.by_plugin.get(r.task.plugin, 0.0) + r.seconds
            if not r.ok and r.error != NOT_RUN:  # a task the clock left unstarted did not fail
                self.stats.failures.append(f"{r.task.plugin}.{r.task.name}: {r.error}")
        return results

    def _run_local(self, ctx_bytes: bytes, task: Task, timeout: float) -> TaskResult:
        t0 = time.perf_counter()
        key = context_key(ctx_bytes)
        ctx, rebuild = self._local.get(key, ctx_bytes, time.monotonic() + timeout)
        self.stats.overhead += time.perf_counter() - t0
        start = time.perf_counter()
        timer = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
        old: Any = None
        with collector_paused():  # (it collects after the timer is off, not in the task's time)
            try:
                if timer:  # the safety net for a plugin that does not keep to its deadline
                    old = signal.signal(signal.SIGALRM, _alarm)
                    signal.setitimer(signal.ITIMER_REAL, max(timeout, 0.0) + _grace(timeout))
                value = execute(self.host, ctx, task)
                result = TaskResult(task, True, value)
            except TaskTimeout:
                result = TaskResult(task, False, error=f"timed out: still running {_grace(timeout):.2f}s past its deadline")
            except Exception as e:
                result = TaskResult(task, False, error=f"{type(e).__name__}: {e}")
            finally:
                if timer:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    signal.signal(signal.SIGALRM, old)
        self._local.clean()
        result.seconds = time.perf_counter() - start
        if result.ok:
            try:  # the value must survive the trip a worker would give it
                result.value = msgpack.unpackb(msgpack.packb(result.value))
            except Exception as e:
                result = TaskResult(task, False, error=f"result is not msgpack-able: {e}", seconds=result.seconds)
        return result

    def _run_pool(self, ctx_bytes: bytes, tasks: list[Task], timeout: float, end: float) -> list[TaskResult]:
        key = context_key(ctx_bytes)
        results: list[TaskResult | None] = [None] * len(tasks)
        tries = [0] * len(tasks)
        waiting = deque(range(len(tasks)))
        idle = list(self._pool)
        busy: dict[int, tuple[_Worker, int, float, int]] = {}  # fileno -> (worker, task index, kill time, id)

        def lost(w: _Worker, i: int) -> None:
            """The worker died with task i: replace it; try the task once more elsewhere."""
            idle.append(self._replace(w))
            tries[i] += 1
            if tries[i] <= RETRIES:
                waiting.appendleft(i)
            else:
                results[i] = TaskResult(tasks[i], False, error=f"worker process died ({tries[i]} tries)")

        while waiting or busy:
            if waiting and time.monotonic() >= end:
                for i in waiting:
                    results[i] = TaskResult(tasks[i], False, error=NOT_RUN)
                waiting.clear()
            while waiting and idle:
                picked = self._pick(tasks, waiting, idle)
                if picked is None:
                    break
                i, w = picked
                t0 = time.perf_counter()
                self._next_id += 1
                data = None if w.key == key else ctx_bytes
                due = min(time.monotonic() + timeout, end)
                msg = msgpack.packb([WIRE_VERSION, self._next_id, key, data, tasks[i].plugin, tasks[i].name,
                                     list(tasks[i].args), due])
                try:
                    w.conn.send_bytes(msg)
                    w.key = key
                except (OSError, ValueError):
                    lost(w, i)
                    continue
                finally:
                    self.stats.overhead += time.perf_counter() - t0
                busy[w.conn.fileno()] = (w, i, due + _grace(timeout), self._next_id)
            if not busy:
                continue
            wait_for = max(0.0, min(d for _, _, d, _ in busy.values()) - time.monotonic())
            ready = multiprocessing.connection.wait([w.conn for w, _, _, _ in busy.values()], wait_for)
            for conn in ready:
                w, i, _, ident = busy.pop(conn.fileno())  # type: ignore[union-attr]
                t0 = time.perf_counter()
                try:
                    reply = msgpack.unpackb(w.conn.recv_bytes())
                except (EOFError, OSError):
                    lost(w, i)
                    continue
                version, task_id, ok, value, seconds, rebuild = reply
                self.stats.overhead += time.perf_counter() - t0 + rebuild
                if version != WIRE_VERSION or task_id != ident:
                    results[i] = TaskResult(tasks[i], False, error="worker answered out of turn")
                    idle.append(self._replace(w))
                    continue
                results[i] = TaskResult(tasks[i], ok, value if ok else None, "" if ok else str(value), seconds)
                idle.append(w)
            now = time.monotonic()
            for fileno, (w, i, kill_at, _) in list(busy.items()):
                if now >= kill_at:
                    del busy[fileno]
                    self.stats.kills += 1
                    results[i] = TaskResult(tasks[i], False, seconds=timeout,
                                            error=f"timed out: still running {_grace(timeout):.2f}s past its deadline")
                    idle.append(self._replace(w))
        return [r if r is not None else TaskResult(tasks[k], False, error="not run") for k, r in enumerate(results)]

    def worker_cpu(self) -> float:
        """CPU seconds the live workers have used (from /proc; 0 where it cannot be read)."""
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        for w in self._pool:
            try:
                with open(f"/proc/{w.process.pid}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
            except (OSError, IndexError, ValueError):
                continue
        return total

    def kill(self) -> None:
        """Kill every worker at once (the engine is going away)."""
        for w in self._pool:
            try:
                w.process.kill()
            except Exception:
                pass

    def close(self) -> None:
        """Stop the workers: close every pipe (each worker sees end-of-file and exits), wait
        a moment for all of them together, then kill what is left."""
        workers, self._pool = self._pool, []
        for w in workers:
            try:
                w.conn.close()
            except OSError:
                pass
        until = time.monotonic() + 0.5
        for w in workers:
            try:
                w.process.join(max(0.0, until - time.monotonic()))
                if w.process.is_alive():
                    w.process.kill()
                    w.process.join(0.5)
            except Exception:
                pass

    def __del__(self) -> None:
        if os is not None and getattr(self, "_pool", None):
            self.close()


def slot(key: int, workers: int) -> int:
    """Which of `workers` (one or more) runs the tasks with this affinity key: the key
    mixed first (Fibonacci hashing), since keys such as dragons' origin points often share
    their parity, and the key modulo two workers had put every dragon of a position on one."""
    return (((key * 0x9E3779B1) & 0xFFFFFFFF) >> 16) % workers


def _grace(timeout: float) -> float:
    """How long past its deadline a task may still finish before it is stopped by force."""
    return GRACE + 0.1 * max(timeout, 0.0)


def _alarm(signum: int, frame: Any) -> None:
    raise TaskTimeout()
