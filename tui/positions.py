"""A player's own position: a scenario written as commented TOML, to edit and check.

``armistice new`` and the dashboard's set-up screen both write files with
:func:`write`, so what one writes the other reads, for every rule system.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from armistice.core import commented, systems
from armistice.core.errors import ScenarioError


def text(scenario: Any, source: str, notes: str = "") -> str:
    """``scenario`` (a decoded scenario struct) as commented TOML, headed by its title, the
    ``notes`` of the file it came from (its own heading comment: what the setup is and
    which values are assumed) and where it came from (``source``: a bundled name or a
    file)."""
    system = systems.get(scenario.system)
    kept = f"{notes}\n\n" if notes else ""
    heading = (
        f"{scenario.title}\n\n{kept}"
        f"A position for armistice ({system.title}), started from {source}. Change the values "
        "to match your board: the lines above each key say what it holds, its unit, its "
        "bounds and its rule. Check it with `armistice check FILE` and play it with "
        "`armistice play FILE`."
    )
    return commented.render(scenario, heading)


def write(scenario: Any, path: str | Path, source: str, notes: str = "") -> None:
    """Write ``scenario`` to ``path`` as :func:`text` (``notes``: the heading comment of the
    file it came from, kept), never over an existing file.

    Raises ScenarioError naming ``path`` if it exists or cannot be written; nothing is
    written then."""
    body = text(scenario, source, notes).encode("utf-8")
    try:
        with open(path, "xb") as out:
            out.write(body)
    except FileExistsError:
        raise ScenarioError(str(path), "", "already exists; choose another name") from None
    except IsADirectoryError:
        raise ScenarioError(str(path), "", "is a folder; give a file name") from None
    except OSError as error:
        raise ScenarioError(str(path), "", f"cannot be written: {error.strerror}") from None
