"""Saving never loses anything: a save replaces only a save (decided by decoding it), never
a folder, a link, a device or a FIFO; what is written loads; the old file's permissions are
kept and the file and its folder reach the disk; temporary files are never listed as saves
and only those of writers that no longer run are swept; no text from a file becomes part
of a path or reaches the screen unchecked."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from textual.widgets import OptionList

from armistice.core import scenario
from armistice.core.errors import SaveError
from armistice.core.game import Game
from armistice.tui import saves
from armistice.tui.app import ArmisticeApp
from armistice.tui.cli import run
from tests.tui.dashboard import NARROW, SEED, example, isolate, settle

EXAMPLE = "rulebook-example-fall-1940"


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


NOT_SAVES = [
    pytest.param(b'{"important": "data"}\n', id="json-object"),
    pytest.param(b'{"format": "armistice-save"}\n', id="says-save-but-is-not"),
    pytest.param(b'{"format": "armistice-save", "version": 99}\n', id="unknown-version"),
    pytest.param(b"{ not json", id="starts-like-json"),
    pytest.param(b"notes\n", id="text"),
    pytest.param(b"", id="empty"),
]


@pytest.mark.parametrize("content", NOT_SAVES)
def test_save_never_replaces_a_file_that_is_not_a_save(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    target = tmp_path / "data.json"
    target.write_bytes(content)
    assert run(["resolve", EXAMPLE, "--auto", "--save", str(target)]) == 2
    err = capsys.readouterr().err
    assert (
        err == f"armistice: error: {target}: exists and is not a save file; choose another name\n"
    )
    assert target.read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["data.json"]


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _link_to_a_save(path: Path) -> None:
    real = path.with_name("real.json")
    real.write_bytes(example().save())
    path.symlink_to(real)


def _dangling_link(path: Path) -> None:
    path.symlink_to(path.with_name("nowhere.json"))


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (_folder, "is a folder; give a file name"),
        (_link_to_a_save, "is a symbolic link; give the file it points to"),
        (_dangling_link, "is a symbolic link; give the file it points to"),
        (_fifo, "is not a regular file; choose another name"),
    ],
    ids=["folder", "link-to-a-save", "dangling-link", "fifo"],
)
def test_save_refuses_a_target_that_is_not_a_regular_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object, reason: str
) -> None:
    target = tmp_path / "game.json"
    make(target)  # type: ignore[operator]
    before = {p.name: (p.lstat().st_mode, p.lstat().st_mtime_ns) for p in tmp_path.iterdir()}
    assert run(["resolve", EXAMPLE, "--auto", "--save", str(target)]) == 2
    assert capsys.readouterr().err == f"armistice: error: {target}: {reason}\n"
    after = {p.name: (p.lstat().st_mode, p.lstat().st_mtime_ns) for p in tmp_path.iterdir()}
    assert after == before


def test_a_save_replaces_a_save_keeping_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    assert run(["resolve", EXAMPLE, "--seed", "1", "--save", str(target)]) == 3
    assert Game.open(target).answers == ()
    target.chmod(0o640)
    assert run(["resolve", str(target), "--auto", "--save", str(target)]) == 0
    assert Game.open(target).complete
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_save_keeps_the_seed_its_dice_were_rolled_from(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "game.json"
    assert run(["resolve", EXAMPLE, "--auto", "--seed", "1", "--save", str(target)]) == 0
    before = target.read_bytes()
    capsys.readouterr()
    assert run(["resolve", str(target), "--seed", "2", "--save", str(target)]) == 2
    assert capsys.readouterr().err == (
        f"armistice: error: {target}: seed: its dice were rolled from seed 1, which the save "
        "keeps; drop --seed\n"
    )
    assert target.read_bytes() == before


def test_a_save_reaches_the_disk_with_its_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    saves.write(example(), tmp_path / "game.json")
    assert synced == ["file", "folder"]


def test_a_save_that_would_not_load_is_never_written(tmp_path: Path) -> None:
    loaded = scenario.load(EXAMPLE)
    beyond = msgspec.structs.replace(
        loaded, diplomacy=msgspec.structs.replace(loaded.diplomacy, axis_dps=2 * 10**9)
    )
    target = tmp_path / "game.json"
    target.write_bytes(example().save())
    before = target.read_bytes()
    with pytest.raises(SaveError) as refused:
        saves.write(Game(beyond, seed=1), target)
    assert str(refused.value).startswith(f"{target}: not written, it would not load: ")
    assert "scenario.diplomacy.axis_dps: 2000000000 is beyond +/-1000000000" in str(refused.value)
    assert target.read_bytes() == before
    assert Game.open(target).answers == ()


KILLED_WRITER = """
import os, sys
from armistice.tui import saves
from tests.tui.dashboard import example

os.replace = lambda *args: os._exit(9)
saves.write(example(), sys.argv[1])
"""


def test_a_writer_killed_mid_save_leaves_nothing_listed_and_only_dead_writers_files_are_swept(
    folder: Path,
) -> None:
    folder.mkdir(parents=True)
    target = folder / "game.json"
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_WRITER, str(target)], cwd=Path(__file__).parents[2]
    )
    assert killed.returncode == 9
    left = [p.name for p in folder.iterdir()]
    assert len(left) == 1 and saves.TEMPORARY.match(left[0]), left
    assert saves.recent() == []
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as live:
        try:
            theirs = folder / f".armistice-{live.pid}-abc.tmp"
            theirs.write_bytes(b"{")
            saves.write(example(), folder / "other.json")
        finally:
            live.kill()
    assert sorted(p.name for p in folder.iterdir()) == [theirs.name, "other.json"]
    assert saves.recent() == [folder / "other.json"]


@pytest.mark.parametrize("name", ["../../outside", "a/b\\c", "..", "\u00e9t\u00e9 1940"])
def test_a_default_save_name_never_leaves_the_saves_folder(folder: Path, name: str) -> None:
    game = Game(msgspec.structs.replace(scenario.load(EXAMPLE), name=name), seed=1)
    path = saves.default_path(game)
    assert path.parent == folder
    assert not path.name.startswith(".")
    assert all(c.isascii() and (c.isalnum() or c in "._-") for c in path.name)


async def test_the_start_screen_shows_save_names_with_control_characters_escaped(
    folder: Path,
) -> None:
    folder.mkdir(parents=True)
    (folder / "evil\x1b[2J.json").write_bytes(example().save())
    app = ArmisticeApp(None, seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        listing = app.screen.query_one(OptionList)
        shown = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert "  evil\\x1b[2J.json" in shown
        assert not any("\x1b" in text for text in shown)
