"""Running the verifier from a test: its exit status and output, and edited copies of the
shipped table files."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.verify.cli import run


def verify(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``armistice verify ARGS``: ``(exit status, stdout, stderr)``."""
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def edited(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    """A copy of table file ``source`` in ``tmp_path`` with the first ``old`` made ``new``;
    fails the test if ``source`` does not hold ``old``."""
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path
