"""The state of a Vichy France diplomatic roll, as the procedure fixes it step by step.

``vichy_diplomacy`` is None until Vichy is named; it then holds the namer and the
modifiers, and once the die is rolled the result and where it leaves Vichy France.
"""

from __future__ import annotations

import msgspec

from armistice.core.awaw.board import Namer
from armistice.core.awaw.vichy.words import Alignment, ColonyFate, HexControl, Policy, UnitFate


class Modifier(msgspec.Struct, frozen=True):
    """One modifier of the roll: ``rule``, ``label``, signed ``value`` (positive toward the
    Axis), ``why`` (the facts it was counted from and the side it counts toward) and the
    named reading that signed or counted it (``key=value``; empty when none did)."""

    rule: str
    label: str
    value: int
    why: str = ""
    assumption: str = ""


class Standing(msgspec.Struct, frozen=True):
    """Where Vichy France stands: its ``alignment``, the ``policy`` in effect, who controls
    its hexes, and how many of its 2-3 infantry units may fight against Russia
    (``volunteers``; None for an Axis minor ally, whose units are not volunteers)."""

    alignment: Alignment
    policy: Policy
    hex_control: HexControl
    volunteers: int | None = 0


class DiplomaticRoll(msgspec.Struct, frozen=True):
    """One diplomatic roll for Vichy France.

    ``named_by`` names it; ``dice`` is the die used (``1d6``, of ``sides`` faces);
    ``modifiers`` each carry rule, label and value, net DPs among them; ``total`` is their
    sum; ``faces`` are the die faces that read each row (row id -> faces). Once rolled:
    ``die``, ``modified`` (die + base + total, before holding at the ends), ``result``
    (the row read), and where it leaves Vichy: ``alignment``, ``policy``, ``hex_control``,
    ``brps`` (paid to the Axis by this roll, in BRPs) and ``volunteers`` (2-3 infantry units
    allowed against Russia now; None for an Axis minor ally)."""

    named_by: Namer
    dice: str
    modifiers: tuple[Modifier, ...]
    total: int
    faces: dict[str, tuple[int, ...]] = {}
    sides: int = 6
    die: int | None = None
    modified: int | None = None
    result: str | None = None
    alignment: Alignment | None = None
    policy: Policy | None = None
    hex_control: HexControl | None = None
    brps: int = 0
    volunteers: int | None = 0


class VichyState(msgspec.Struct, frozen=True):
    """The state of the procedure: ``before`` (where Vichy stood), who may name it
    (``naming``: namer -> why not, empty when it may), the roll (``vichy_diplomacy``), and
    after it each Vichy unit's fate (by index of the scenario's ``vichy_units``) and each
    Vichy colony's."""

    before: Standing | None = None
    naming: dict[Namer, str] = {}
    vichy_diplomacy: DiplomaticRoll | None = None
    units: dict[int, UnitFate] = {}
    colonies: dict[str, ColonyFate] = {}
