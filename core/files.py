"""Writing a file whole or not at all: the save files, move files and keys files armistice
writes all go through :func:`replace`, so a crash or a full disk never leaves half a file."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def replace(
    target: Path,
    data: bytes,
    mode: int | None = None,
    prefix: str = ".armistice-",
    suffix: str = "",
) -> None:
    """Write ``data`` (bytes) to ``target``: into a new file beside it named ``prefix`` ...
    ``suffix`` (readable by its owner alone, or with the permission bits ``mode``), flushed
    to the disk, then renamed over ``target``. Raises OSError when the folder is missing or
    a step fails; ``target`` is then as it was and the new file is gone."""
    import tempfile

    handle, scratch = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=suffix)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            if mode is not None:
                os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
        os.replace(scratch, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        raise
