"""Session processes forked from one that has already imported the dashboard, so that a new
session starts in milliseconds instead of paying for Python's and Textual's imports.

:class:`Forks` starts that process (a fork of the caller, made before any thread or event
loop runs) and asks it for each session process. A request carries the session's terminal
and the write end of a pipe: the session process holds that end until it exits, so the
pipe's read end, kept by the caller, becomes readable (end of file) when the session has
ended, whatever ended it.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import socket
from typing import Any

_LIMIT = 1 << 16


class Forks:
    """The process that forks session processes; ``target`` (a function of the module
    ``module``) is what each runs, as ``target(terminal_fd, *args)``, and is imported
    before the first request. With ``prepare`` (another function of the module, and its
    arguments), that process first calls it once, so that what it loads or caches is
    shared by every session instead of being done again in each; the constructor returns
    once it has. Raises OSError when the process cannot be made."""

    def __init__(
        self, module: str, target: str, prepare: tuple[str, tuple[Any, ...]] | None = None
    ) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            ours.close()
            _serve(theirs, module, target, prepare)
        theirs.close()
        self.socket = ours
        self.pid = pid
        if prepare is not None:
            ours.recv(64)  # prepared (or ended: the first request then says so)

    def start(self, terminal: int, args: tuple[Any, ...]) -> tuple[int, int]:
        """Fork a session process running on the terminal device ``terminal`` (a file
        descriptor, left open here) with ``args``; returns its pid and the read end of its
        pipe, which ends when the session does. Raises OSError when the forking process is
        gone."""
        done, held = os.pipe()
        try:
            socket.send_fds(self.socket, [pickle.dumps(args)], [terminal, held])
            reply = self.socket.recv(64)
        except OSError:
            os.close(done)
            raise
        finally:
            os.close(held)
        if not reply:
            os.close(done)
            raise OSError("the process that forks sessions has ended")
        return int(reply), done

    def close(self) -> None:
        """End the forking process (sessions already started go on)."""
        self.socket.close()


def _serve(
    channel: socket.socket, module: str, target: str, prepare: tuple[str, tuple[Any, ...]] | None
) -> None:
    """The forking process: import ``module`` (and call its ``prepare`` function, if
    given), then fork a session process per request until the caller closes ``channel``.
    Never returns."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    imported = __import__(module, fromlist=[target])
    run = getattr(imported, target)
    if prepare is not None:
        name, args = prepare
        getattr(imported, name)(*args)
        channel.send(b"prepared")
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the sessions
    gc.collect()
    gc.freeze()  # what is loaded stays shared with every session, unwritten
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(channel, _LIMIT, 2)
        except OSError:
            os._exit(0)
        if not data:
            os._exit(0)
        pid = os.fork()
        if pid == 0:
            channel.close()
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            terminal, held = fds
            status = 1
            try:
                run(terminal, *pickle.loads(data))
                status = 0
            finally:
                os.write(held, bytes([status]))
                os._exit(status)
        for fd in fds:
            os.close(fd)
        channel.send(str(pid).encode())
