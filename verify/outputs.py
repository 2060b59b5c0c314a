"""Where a run writes: each report file and the counterexample folder is checked before
anything runs, so a path the run could not write to is refused at once, not after the proofs.
"""

from __future__ import annotations

import os
from pathlib import Path

from armistice.core.errors import ArmisticeError


class OutputError(ArmisticeError):
    """A report file or folder the run could not write; the reason names the option and the
    path."""


def _refuse(option: str, path: Path, why: str) -> OutputError:
    return OutputError("", f"{option} {path}: {why}")


def _existing_folder(option: str, path: Path, folder: Path) -> None:
    """``folder`` exists, is a folder and may be written in; raises OutputError otherwise."""
    if not folder.exists():
        raise _refuse(option, path, f"folder {folder} does not exist")
    if not folder.is_dir():
        raise _refuse(option, path, f"{folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _refuse(option, path, f"folder {folder} cannot be written to")


def check_file(option: str, path: Path) -> None:
    """``path`` (given to ``option``, e.g. ``--json``) can be written: it is not a folder, its
    folder exists and may be written in, and an existing file may be replaced. Raises
    OutputError with a one-line reason."""
    if path.is_dir():
        raise _refuse(option, path, "is a folder; give a file name")
    _existing_folder(option, path, path.parent if str(path.parent) else Path("."))
    if path.exists() and not os.access(path, os.W_OK):
        raise _refuse(option, path, "the file cannot be replaced")


def check_folder(option: str, path: Path) -> None:
    """``path`` (given to ``option``) is a folder that may be written in, or one that can be
    made: its nearest existing parent is a folder that may be written in. Raises OutputError
    with a one-line reason."""
    if path.exists():
        if not path.is_dir():
            raise _refuse(option, path, "is a file, not a folder")
        _existing_folder(option, path, path)
        return
    parent = path.parent
    while not parent.exists():
        parent = parent.parent
    _existing_folder(option, path, parent)
