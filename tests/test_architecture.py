"""The boundaries of shared/DESIGN.md, lint, format and types, checked on every run."""

from __future__ import annotations

import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import armistice.core
from tests.typecheck import typecheck

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = BIN / name
    if found.exists():
        return str(found)
    located = shutil.which(name)
    assert located, f"{name} is not installed; install the test extra: pip install -e '.[test]'"
    return located


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


CORE_MODULES = sorted(
    m.name for m in pkgutil.walk_packages(armistice.core.__path__, "armistice.core.")
)


@pytest.mark.parametrize("module", CORE_MODULES)
def test_core_module_loads_neither_textual_nor_z3(module: str) -> None:
    probe = (
        f"import sys, importlib; importlib.import_module({module!r}); "
        "loaded = [m for m in ('textual', 'z3', 'armistice.tui', 'armistice.verify') "
        "if m in sys.modules]; "
        "print(','.join(loaded))"
    )
    result = _run(sys.executable, "-c", probe)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"{module} loaded {result.stdout.strip()}"


def test_core_runs_with_z3_and_textual_unavailable() -> None:
    probe = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('z3', 'textual'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from core import scenario\n"
        "from core.game import Game\n"
        "g = Game(scenario.load('rulebook-example-fall-1940'), seed=1)\n"
        "print(g.state.surrender_level.value)\n"
    )
    result = _run(sys.executable, "-c", probe)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "-1"


def test_import_contracts_hold() -> None:
    result = _run(_tool("lint-imports"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint_is_clean() -> None:
    result = _run(_tool("ruff"), "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _run(_tool("ruff"), "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_and_verify_are_mypy_strict_clean() -> None:
    result = typecheck(_tool("mypy"))
    assert "Success" in result.stdout, result.stdout + result.stderr
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if "pip install -e '.[test]'" in line)
    assert "python -m pytest" in command
    assert "pip install -e '.[test]'" in ci
    assert "rm -rf .venv" in ci


def test_generic_modules_import_no_game_in_any_package() -> None:
    import grimp

    from armistice.core import systems

    games = {system.game for system in systems.every()}
    graph = grimp.build_graph(
        "armistice.core", "armistice.host", "armistice.tui", "armistice.verify"
    )

    def of_game(module: str) -> bool:
        return any(part in games for part in module.split(".")[2:])

    crossings = sorted(
        f"{module} -> {imported}"
        for module in graph.modules
        if not of_game(module)
        for imported in graph.find_modules_directly_imported_by(module)
        if of_game(imported)
    )
    assert games and crossings == []


@pytest.mark.parametrize(
    ("system", "z3"), [("awaw.vichy", True), ("aa50", False)], ids=["z3 proofs", "walks"]
)
def test_armistice_verify_loads_neither_the_dashboard_nor_asyncssh(system: str, z3: bool) -> None:
    probe = (
        "import atexit, sys\n"
        "def loaded():\n"
        "    names = ('textual', 'asyncssh', 'z3')\n"
        "    print(','.join(m for m in names if m in sys.modules), file=sys.stderr)\n"
        "atexit.register(loaded)\n"
        f"sys.argv = ['armistice', 'verify', '--system', {system!r}, '--jobs', '1']\n"
        "from armistice.tui.cli import main\n"
        "main()\n"
    )
    result = _run(sys.executable, "-c", probe)
    assert result.returncode == 0, result.stderr
    assert "proved" in result.stdout
    assert result.stderr.strip().splitlines()[-1:] == (["z3"] if z3 else [])
