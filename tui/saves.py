"""Where save files go, which were used lately, and writing them safely."""

from __future__ import annotations

import os
import tempfile
from datetime import datetime
from pathlib import Path

import msgspec

from armistice.core.errors import SaveError
from armistice.core.game import Game
from armistice.core.savefile import FORMAT


def saves_dir() -> Path:
    """``$ARMISTICE_SAVES``, else ``$XDG_DATA_HOME/armistice/saves``, else ``~/.local/share/armistice/saves``."""
    if override := os.environ.get("ARMISTICE_SAVES"):
        return Path(override)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "armistice" / "saves"


def recent(limit: int = 8) -> list[Path]:
    """The newest save files in :func:`saves_dir`, newest first."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)[:limit]


def default_path(game: Game) -> Path:
    """A fresh file name in :func:`saves_dir` for ``game``: ``<scenario>-<date>-<time>.json``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"{game.scenario.name}-{stamp}.json"


def write(game: Game, path: str | Path) -> Path:
    """Write ``game``'s save file to ``path`` all at once (a temporary file renamed into place),
    creating its folder. Raises SaveError for an empty name, a folder, or an existing file that
    is not a save (never overwritten), and OSError if writing fails; any earlier file at
    ``path`` is then untouched."""
    if not str(path).strip():
        raise SaveError("save", "", "needs a file name")
    target = Path(path).expanduser()
    if target.is_dir():
        raise SaveError(str(target), "", "is a folder; give a file name")
    if target.exists() and not holds_a_save(target):
        raise SaveError(str(target), "", "exists and is not a save file; choose another name")
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".armistice-", suffix=".json")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(game.save())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def holds_a_save(path: Path) -> bool:
    """Whether the file at ``path`` is an armistice save file (a JSON document whose
    ``format`` says so), which a new save may replace."""
    try:
        document = msgspec.json.decode(path.read_bytes())
    except (OSError, msgspec.DecodeError):
        return False
    return isinstance(document, dict) and document.get("format") == FORMAT


def is_save(path: Path) -> bool:
    """Whether the file at ``path`` should be read as a save (a JSON document) rather than a
    scenario (TOML): a damaged save is then reported as a save."""
    try:
        with path.open("rb") as handle:
            return handle.read(64).lstrip().startswith(b"{")
    except OSError:
        return False
