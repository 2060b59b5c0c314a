"""The save file: versioned JSON holding a scenario, its assumptions, the answers, the seed
and any house tables the game runs with.

Saves of every earlier version still load: :func:`read` migrates them to the current
shape (renamed systems and assumption keys), and the game fills in, with their defaults,
prompts its rule system began asking after that version (``RuleSystem.added_prompts``).

Version history:

1. the first format; system and assumption keys named the game (``awaw``).
2. system keys name the procedure (``awaw.58``), assumption keys follow them.
3. a game may chain procedures: an answer keyed ``next`` starts the linked procedure it
   names, with the facts given for it, in order, in ``facts``.
4. a roll whose every face gives the same result is no longer asked; the answers older
   saves hold for such rolls are dropped as they load.
5. a game may run with house tables: ``tables`` holds the whole text of each edited table
   file, by the name of the published file it replaces. A save without them (every earlier
   version, and a game with the published tables) runs with the published tables and
   writes no ``tables``.
6. ``facts`` holds every fact of each link taken, as the link's facts struct spells it;
   earlier saves hold only the facts given, the rest at that version's defaults, which each
   link reads as it read them then (``Link.earlier``).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from armistice.core import decode, systems
from armistice.core.assumptions import resolve
from armistice.core.errors import SaveError, ScenarioError, UnknownAssumption
from armistice.core.prompts import Answer
from armistice.core.scenario import convert
from armistice.core.tablefiles import written

FORMAT = "armistice-save"
VERSION = 6
"""The version this armistice writes; it reads every version from 1 up to this one."""

ROLLS_NOT_ASKED = 4
"""The first version whose saves hold no answer for a roll that cannot change anything."""

HOUSE_TABLES = 5
"""The first version whose saves may hold house tables."""

WHOLE_FACTS = 6
"""The first version whose saves hold every fact of a link taken, not only those given."""


class SaveFile(msgspec.Struct, forbid_unknown_fields=True):
    """A save file: the scenario embedded whole, every assumption's value, the answers
    in order and the seed the app rolls dice from. ``format`` and ``version`` identify it;
    ``system`` is the first rule system's key; ``facts`` holds, for each link taken (an
    answer keyed ``next``), what the players told the procedure it started; ``tables``, the
    house tables the game runs with: published file name (``forces.toml``) -> the edited
    file's text (empty: the published tables)."""

    format: str
    version: int
    system: str
    scenario: dict[str, Any]
    assumptions: dict[str, str]
    answers: list[Answer]
    seed: Annotated[int, msgspec.Meta(ge=0, le=decode.MAX_INT)] | None = None
    facts: list[dict[str, Any]] = msgspec.field(default_factory=list)
    tables: dict[str, str] = msgspec.field(default_factory=dict)


def encode(document: SaveFile) -> bytes:
    """The save file as indented UTF-8 JSON bytes with a final newline; ``tables`` is left
    out when the game runs with the published tables."""
    raw = msgspec.to_builtins(document)
    if not document.tables:
        del raw["tables"]
    return msgspec.json.format(msgspec.json.encode(raw), indent=2) + b"\n"


def read(data: bytes, source: str) -> SaveFile:
    """The save file in ``data`` in the current shape, keeping the ``version`` it was
    written in. ``source`` names the file in errors.

    Raises SaveError naming the field for corrupt JSON, a value beyond the limits of
    :mod:`.decode`, a foreign document, an unknown
    version, a wrong type, an unknown system, an unknown assumption or house tables in a
    version that had none. The tables themselves are read by the game
    (:func:`armistice.core.tablefiles.restore`).
    """
    raw = decode.json(data, source, SaveError)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(source, "format", f"not an armistice save file (expected {FORMAT!r})")
    if "version" not in raw:
        raise SaveError(source, "version", "missing")
    version = raw.get("version")
    if type(version) is int and version > VERSION:
        raise SaveError(
            source,
            "version",
            f"{version} is newer than this armistice reads (1 to {VERSION}); update armistice",
        )
    if type(version) is not int or version < 1:
        raise SaveError(
            source, "version", f"{written(version)} is not a save version (1 to {VERSION})"
        )
    try:
        document: SaveFile = convert(raw, SaveFile, source)
        system = systems.get(document.system, source)
    except ScenarioError as error:
        raise SaveError(source, error.field, error.reason) from None
    if document.tables and version < HOUSE_TABLES:
        raise SaveError(source, "tables", f"version {version} saves hold no house tables")
    try:
        known = (a for s in systems.reachable(system) for a in s.assumptions)
        assumptions = dict(resolve(known, document.assumptions))
    except UnknownAssumption as error:
        raise SaveError(source, f"assumptions.{error.where}", error.reason) from None
    scenario = dict(document.scenario)
    if scenario.get("system") == document.system:
        scenario["system"] = system.key
    return msgspec.structs.replace(
        document, system=system.key, scenario=scenario, assumptions=assumptions
    )
