"""The distribution installs one top-level name, ``armistice``, holding every package of the
repository as real files, from the wheel and from the sdist alike."""

from __future__ import annotations

import runpy
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("core", "host", "tui", "verify", "scenarios")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist, and the wheel built from that sdist (``python -m build`` does both)."""
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return next(out.glob("*.tar.gz")), next(out.glob("*.whl"))


def repository_packages() -> set[str]:
    """Every folder below the installed folders that holds code or data, as a dotted name."""
    found = set()
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".toml", ".tcss", ".json", ".html"):
                if "__pycache__" in path.parts:
                    continue
                found.add(".".join(("armistice", *path.parent.relative_to(ROOT).parts)))
    return found


def test_the_wheel_holds_only_the_armistice_namespace(built: tuple[Path, Path]) -> None:
    _, wheel = built
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {
        "armistice",
        wheel.name.split("-py3")[0] + ".dist-info",
    }
    packaged = {".".join(n.split("/")[:-1]) for n in names if n.startswith("armistice/")}
    assert repository_packages() <= packaged, repository_packages() - packaged
    assert "armistice/core/game.py" in names
    assert "armistice/scenarios/awaw/rulebook-example-fall-1940.toml" in names
    assert not any(n.startswith("armistice/__init__") for n in names)  # a namespace


def test_the_sdist_holds_real_files(built: tuple[Path, Path]) -> None:
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        members = archive.getmembers()
    assert not [m.name for m in members if m.issym() or m.islnk()]
    top = {m.name.split("/")[1] for m in members if "/" in m.name}
    assert set(FOLDERS) <= top


def test_a_folder_named_like_a_package_folder_is_not_packaged(tmp_path: Path) -> None:
    """``armistice verify`` writes ``verify-counterexamples/`` at the root; only ``verify``
    and its subfolders are the package."""
    for folder in ("verify/awaw", "verify-counterexamples", "core_old", "tui/widgets"):
        (tmp_path / folder).mkdir(parents=True)
    found = runpy.run_path(str(ROOT / "setup.py"))["packages"](str(tmp_path))
    assert sorted(found) == [
        "armistice.tui",
        "armistice.tui.widgets",
        "armistice.verify",
        "armistice.verify.awaw",
    ]
