"""``armistice new`` keeps the heading comment of the scenario it copies (what the setup is,
that it is an approximation, which values are assumed), for every bundled scenario of every
rule system, and the copy still loads to the same position."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from armistice.core import scenario
from armistice.tui.cli import run


def words(text: str) -> str:
    """``text`` without comment marks, its words separated by single spaces (wrapping and
    hyphenation at line ends left out)."""
    bare = re.sub(r"^#\s?", "", text, flags=re.MULTILINE)
    return " ".join(bare.replace("-\n", "-").split())


@pytest.mark.parametrize("bundled", scenario.bundled(), ids=lambda b: b.name)
def test_new_keeps_the_setups_own_heading(
    tmp_path: Path, bundled: scenario.BundledScenario
) -> None:
    source = Path(bundled.path).read_text(encoding="utf-8")
    heading = "\n".join(itertools.takewhile(lambda line: line.startswith("#"), source.splitlines()))
    assert heading.startswith("#"), f"{bundled.name} has no heading comment"
    target = tmp_path / "mine.toml"
    assert run(["new", bundled.name, str(target)]) == 0
    assert words(heading) in words(target.read_text(encoding="utf-8"))
    assert scenario.load(str(target)) == scenario.load(bundled.name)


def test_notes_read_the_heading_only_as_paragraphs(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        "# An approximate map.\n# ASSUMED: every value.\n#\n# - one item\n#   goes on\n"
        'system = "aa50"\n# not a note\n',
        encoding="utf-8",
    )
    assert scenario.notes(str(path)) == (
        "An approximate map. ASSUMED: every value.\n\n- one item goes on"
    )
    path.write_text('system = "aa50"\n', encoding="utf-8")
    assert scenario.notes(str(path)) == ""
