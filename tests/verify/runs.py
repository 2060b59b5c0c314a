"""Running the verifier from a test: its exit status and output."""

from __future__ import annotations

import pytest

from armistice.verify.cli import run


def verify(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``armistice verify ARGS``: ``(exit status, stdout, stderr)``."""
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err
