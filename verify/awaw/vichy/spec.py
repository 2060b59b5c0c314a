"""The Vichy France diplomatic table as its text reads, written apart from the engine: the
rows and what each reads, the BRPs each pays, which rows remove Vichy's forces or send
its colonies Free French, and how each row treats the policy in effect.

Properties judge the engine against these; nothing here is imported from the engine.
"""

from __future__ import annotations

from typing import Any

import z3

LOW, HIGH, BASE = -3, 10, 0
"""The table's lowest and highest rows, and the base value in its title."""

ROWS = (
    ("-3", -3, -3),
    ("-2", -2, -2),
    ("-1", -1, -1),
    ("0", 0, 0),
    ("1-2", 1, 2),
    ("3-4", 3, 4),
    ("5-6", 5, 6),
    ("7", 7, 7),
    ("8", 8, 8),
    ("9", 9, 9),
    ("10", 10, 10),
)
"""Each row's id and the modified results that read it, lowest first."""

CONTINUING = "3-4"
"""The row whose every policy continues."""

BRPS = {"7": 10, "8": 20}
"""The BRPs Vichy France pays the Axis, by row; no other row pays any."""

DEACTIVATING = frozenset({"-1", "0"})
"""Rows that deactivate Vichy France and remove all its forces from play."""

FREE_FRENCH = frozenset({"-3", "-2"})
"""Rows whose Vichy colonies become Free French, with the forces in them."""

AXIS_RANK = {"5-6": 1, "7": 2, "8": 3, "9": 4, "10": 5}
ALLIED_RANK = {"-3": 3, "-2": 2}
"""Pro-Axis and pro-Allied policies, each by how far it goes."""

POLICIES = ("none", "-3", "-2", "5-6", "7", "8", "9", "10")
"""Every policy that may be in effect."""

ALIGNMENT = {
    "none": "neutral",
    "-3": "allied_ally",
    "-2": "allied_associated",
    "5-6": "neutral",
    "7": "neutral",
    "8": "neutral",
    "9": "axis_associated",
    "10": "axis_ally",
}
"""Where each policy leaves Vichy France."""


def held(result: Any) -> Any:
    """A modified result held at the table's ends (a z3 term for a z3 term)."""
    return z3.If(result < LOW, LOW, z3.If(result > HIGH, HIGH, result))


def policy_after(before: str, row: str, stronger: bool = True) -> str:
    """The policy in effect after ``row`` when ``before`` was: -1 and 0 deactivate; 3-4
    continues everything; 1-2 continues a pro-Allied policy and negates a pro-Axis one; 5-6
    continues a pro-Axis policy, else leans Vichy to the Axis; the other rows set their own,
    unless (``stronger``, awaw.vichy.policy_strength) a stronger one of their direction is
    in effect."""
    if row in DEACTIVATING:
        return "none"
    if row == CONTINUING:
        return before
    if row == "1-2":
        return before if before not in AXIS_RANK else "none"
    if row == "5-6":
        return before if before in AXIS_RANK else "5-6"
    for ranks in (AXIS_RANK, ALLIED_RANK):
        if stronger and row in ranks and before in ranks and ranks[before] > ranks[row]:
            return before
    return row
