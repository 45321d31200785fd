"""A worker process: the pool's other end. It runs plugin tasks on contexts rebuilt from
msgpack bytes, and it never outlives the engine.

A forked worker starts with copies of every descriptor the engine had: the engine's
stdin and stdout (a GUI's pipes), the engine's end of this worker's own pipe, and the
pipes of the workers forked before it. Holding those, it would never see end-of-file
when the engine goes, and a GUI waiting for the engine's stdout to close would wait for
the worker too. So the worker first closes everything but its own end of its pipe and
stderr (stdin and stdout point at /dev/null), then watches its parent three ways:

- end-of-file on its pipe, between tasks;
- on Linux, the parent-death signal (prctl PR_SET_PDEATHSIG): SIGKILL the moment the
  engine dies, however it died, even in the middle of a long task;
- elsewhere, and as a second line, a thread that checks the parent's process id twice a
  second and exits when the worker has been handed to another parent.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from typing import Final

import msgpack

WIRE_VERSION: Final = 2
PR_SET_PDEATHSIG: Final = 1
WATCH_SECONDS: Final = 0.5


def detach(keep: int) -> None:
    """Close every inherited descriptor but `keep` and stderr; stdin and stdout read and
    write /dev/null."""
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        fds = list(range(3, 256))
    for fd in fds:
        if fd > 2 and fd != keep:
            try:
                os.close(fd)
            except OSError:
                pass


def die_with(parent: int) -> None:
    """End this process when the parent process ends."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="kiai-parent-watch", daemon=True).start()


def worker_main(conn: multiprocessing.connection.Connection, spec_bytes: bytes, parent: int) -> None:
    """A worker's life: detach, watch the engine, then answer tasks until end-of-file."""
    from core.host.collector import collect_if_leaking, collector_paused, worker_collector
    from core.host.plugins import PluginHost, PluginSpec
    from core.host.pool import ContextCache, Task, execute

    die_with(parent)
    detach(conn.fileno())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ^C in a terminal is the engine's to handle
    host = PluginHost(PluginSpec.from_wire(msgpack.unpackb(spec_bytes)), role="worker")
    cache = ContextCache(host)
    worker_collector()
    while True:
        try:
            collect_if_leaking()
            request = msgpack.unpackb(conn.recv_bytes())
        except (EOFError, OSError):
            return  # the engine closed the pipe, or is gone
        version, task_id, key, data, plugin, name, args, deadline = request
        if version != WIRE_VERSION:
            conn.send_bytes(msgpack.packb([WIRE_VERSION, task_id, False, f"bad request version {version}", 0.0, 0.0]))
            continue
        with collector_paused():  # (off for good in a worker: see collect_if_leaking)
            start = time.perf_counter()
            rebuild = 0.0
            try:
                ctx, rebuild = cache.get(key, data, deadline)
                value, ok = execute(host, ctx, Task(plugin, name, tuple(args))), True
            except Exception as e:
                value, ok = f"{type(e).__name__}: {e}", False
            cache.clean()
            seconds = time.perf_counter() - start - rebuild
            try:
                reply = msgpack.packb([WIRE_VERSION, task_id, ok, value, seconds, rebuild])
            except Exception as e:
                reply = msgpack.packb([WIRE_VERSION, task_id, False, f"result is not msgpack-able: {e}", seconds,
                                       rebuild])
            try:
                conn.send_bytes(reply)
            except OSError:
                return
