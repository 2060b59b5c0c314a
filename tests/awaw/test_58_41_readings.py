"""58.41: the log cites the reading of Allied air and naval units in Vichy France
(awaw.58.allied_air_naval_in_vichy) exactly where it decided a unit's fate."""

from __future__ import annotations

import pytest

from tests import support
from tests.support import unit


def _entry(kind: str, location: str) -> tuple[str, str, str]:
    g = support.game({"units": [unit("raf", "british", kind, location)]}, seed=1)
    support.play(g, vichy="yes")
    return next((e.rule, e.text, e.assumption) for e in g.log if e.text.startswith("raf:"))


def test_58_41_allied_air_in_vichy_france_cites_the_reading_it_used() -> None:
    assert _entry("air", "southern_france") == (
        "58.41",
        "raf: displaced (to a British-controlled base)",
        "awaw.58.allied_air_naval_in_vichy=displaced",
    )


@pytest.mark.parametrize(
    ("kind", "location", "text"),
    [
        ("air", "northern_france", "raf: displaced (to a British-controlled base)"),
        (
            "infantry",
            "southern_france",
            "raf: eliminated (Allied ground units and airbases in France are lost)",
        ),
    ],
)
def test_58_41_units_the_reading_does_not_decide_cite_nothing(
    kind: str, location: str, text: str
) -> None:
    assert _entry(kind, location) == ("58.41", text, "")
