"""Each verify test runs in its own scratch folder, so the counterexample files a run writes
to the default folder (``verify-counterexamples/``) never land in the repository."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
