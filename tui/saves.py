"""Where save files go, which were used lately, and writing them safely.

A save is written to a temporary file beside its target, named after the writing
process (``.armistice-<pid>-<random>.tmp``), flushed to disk and renamed over the target,
whose folder is then flushed too: a reader sees the old save or the new one, never half
of one. Temporary files are never listed as saves; one left by a process that no longer
runs is removed by the next save into its folder.
"""

from __future__ import annotations

import itertools
import os
import re
import stat
from datetime import datetime
from pathlib import Path

from armistice.core import decode, files
from armistice.core.errors import ArmisticeError, SaveError
from armistice.core.game import Game
from armistice.core.savefile import read

TEMPORARY = re.compile(r"^\.armistice-(\d+)-[^/]*\.tmp$")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def saves_dir() -> Path:
    """``$ARMISTICE_SAVES``, else ``$XDG_DATA_HOME/armistice/saves``, else ``~/.local/share/armistice/saves``."""
    if override := os.environ.get("ARMISTICE_SAVES"):
        return Path(override)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "armistice" / "saves"


def recent(limit: int = 8) -> list[Path]:
    """The newest save files in :func:`saves_dir`, newest first: regular ``*.json`` files
    whose names do not start with a dot (so no temporary file) and that hold JSON (so no
    position written under a ``.json`` name)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        try:
            info = path.lstat()
        except OSError:
            continue
        if not path.name.startswith(".") and stat.S_ISREG(info.st_mode):
            found.append((info.st_mtime, path))
    newest = (path for _, path in sorted(found, reverse=True) if is_save(path))
    return list(itertools.islice(newest, limit))


def target(name: str, suffix: str = ".json") -> Path:
    """Where a file name typed in the dashboard goes, as an absolute path: a bare name (no
    folder) in :func:`saves_dir`, and ``suffix`` added to a name that has none.

    Raises SaveError for an empty name."""
    name = name.strip()
    if not name:
        raise SaveError("save", "", "needs a file name")
    path = Path(name).expanduser()
    if not path.suffix:
        path = path.with_name(path.name + suffix)
    if Path(name).name == name and not name.startswith("~"):
        path = saves_dir() / path
    return path.absolute()


def located(name: str) -> Path:
    """The file a name typed to open means: a bare name found in :func:`saves_dir` (as typed
    or with ``.json`` added) is that file; anything else is read as typed."""
    name = name.strip()
    if name and Path(name).name == name and not name.startswith("~"):
        for candidate in (saves_dir() / name, target(name)):
            if candidate.is_file():
                return candidate
    return Path(name).expanduser()


def ensure_folder(path: Path) -> None:
    """Make sure the folder ``path`` goes into exists: the saves folder is created when
    missing, any other folder must exist already.

    Raises SaveError naming the missing folder."""
    folder = path.parent
    if folder.is_dir():
        return
    if folder.absolute() == saves_dir().expanduser().absolute():
        folder.mkdir(parents=True, exist_ok=True)
        return
    raise SaveError(str(path), "", f"folder {folder} does not exist; create it first")


def file_stem(name: str) -> str:
    """``name`` (a scenario's name, read from a file) made safe as part of a file name: each
    run of characters other than ASCII letters, digits, ``.``, ``_`` and ``-`` (path
    separators and control characters included) becomes ``-``; never empty or hidden."""
    return _UNSAFE.sub("-", name).strip(".-") or "game"


def default_path(game: Game) -> Path:
    """A fresh file name in :func:`saves_dir` for ``game``: ``<scenario>-<date>-<time>.json``,
    the scenario's name made safe by :func:`file_stem`."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"{file_stem(game.scenario.name)}-{stamp}.json"


def write(game: Game, path: str | Path) -> Path:
    """Write ``game``'s save file to ``path`` all at once and return where it went.

    The target must be a new path or an armistice save (the old file's permissions are
    kept) in a folder that exists, never created except the saves folder. The save is
    loaded back before anything is written, so a save written is one that loads.

    Raises SaveError, with nothing written, for an empty name, a target that is a folder,
    a symbolic link, a device, a FIFO or a file that is not an armistice save, a missing
    folder, and a game whose save would not load; raises OSError if writing fails, the old
    file then untouched."""
    if not str(path).strip():
        raise SaveError("save", "", "needs a file name")
    target = Path(path).expanduser()
    mode = _replaceable(target)
    data = game.save()
    try:
        Game.load(data, str(target))
    except ArmisticeError as error:
        raise SaveError(str(target), "", f"not written, it would not load: {error}") from None
    ensure_folder(target)
    sweep(target.parent)
    files.replace(target, data, mode, prefix=f".armistice-{os.getpid()}-", suffix=".tmp")
    _sync_folder(target.parent)
    return target


def _replaceable(target: Path) -> int | None:
    """The permission bits of the save at ``target`` that a new save may replace, or None
    for a new path. Raises SaveError for anything else at ``target``."""
    try:
        info = target.lstat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise SaveError(str(target), "", f"cannot be checked: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(str(target), "", "is a folder; give a file name")
    if stat.S_ISLNK(info.st_mode):
        raise SaveError(str(target), "", "is a symbolic link; give the file it points to")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(str(target), "", "is not a regular file; choose another name")
    if not holds_a_save(target):
        raise SaveError(str(target), "", "exists and is not a save file; choose another name")
    return stat.S_IMODE(info.st_mode)


def holds_a_save(path: Path) -> bool:
    """Whether the file at ``path`` decodes as an armistice save file this armistice reads
    (format, version and every field of the save's schema), which a new save may replace."""
    try:
        read(decode.read(path, SaveError), str(path))
    except ArmisticeError:
        return False
    return True


def sweep(folder: Path) -> list[Path]:
    """Remove the temporary files in ``folder`` left by writers that no longer run (the
    process id in the name is gone), never one a running process may still be writing;
    return those removed."""
    removed = []
    for entry in folder.glob(".armistice-*.tmp"):
        match = TEMPORARY.match(entry.name)
        if match and not _running(int(match[1])) and entry.is_file():
            entry.unlink(missing_ok=True)
            removed.append(entry)
    return removed


def _running(pid: int) -> bool:
    """Whether a process ``pid`` exists (this one included), as far as this user can tell."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to disk, so a rename into it survives a crash."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def is_save(path: Path) -> bool:
    """Whether the file at ``path`` should be read as a save (a JSON document) rather than a
    scenario (TOML): a damaged save is then reported as a save."""
    if not path.is_file():
        return False
    try:
        with path.open("rb") as handle:
            return decode.looks_like_json(handle.read(64))
    except OSError:
        return False
