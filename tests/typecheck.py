"""mypy --strict on the ``armistice`` namespace as it installs: ``python -m tests.typecheck``.

The repository keeps ``core/``, ``tui/`` and ``verify/`` at its top and installs them as
``armistice.core``, ``armistice.tui`` and ``armistice.verify``. mypy finds modules by
their folders, so this builds a throw-away folder ``armistice/`` of links to the real
ones, checks the packages there and reports the errors with the repository's paths.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("core", "host", "verify")
"""The packages mypy checks strictly."""


def typecheck(mypy: str, packages: tuple[str, ...] = CHECKED) -> subprocess.CompletedProcess[str]:
    """Run ``mypy`` (a path) with the project's configuration on ``armistice.<package>`` for
    each of ``packages``; the output names files by their place in the repository."""
    with tempfile.TemporaryDirectory(prefix="armistice-typecheck-") as scratch:
        tree = Path(scratch) / "armistice"
        tree.mkdir()
        for folder in ("core", "host", "tui", "verify", "scenarios"):
            (tree / folder).symlink_to(ROOT / folder, target_is_directory=True)
        command = [mypy, "--config-file", str(ROOT / "pyproject.toml"), "--strict"]
        for package in packages:
            command += ["-p", f"armistice.{package}"]
        result = subprocess.run(
            command,
            cwd=scratch,
            env={"MYPYPATH": scratch, "PATH": str(Path(sys.executable).parent)},
            capture_output=True,
            text=True,
            check=False,
        )
        result.stdout = result.stdout.replace("armistice/", "")
        return result


if __name__ == "__main__":
    done = typecheck(str(Path(sys.executable).parent / "mypy"))
    print(done.stdout + done.stderr, end="")
    sys.exit(done.returncode)
