"""58.41, 58.43: the log cites the reading of Allied air and naval units in Vichy France
(awaw.58.allied_air_naval_in_vichy) and of Corsica (awaw.58.france_includes_corsica) exactly
where it decided a unit's fate, and says nothing of a unit the surrender leaves alone."""

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


@pytest.mark.parametrize(
    ("location", "entry"),
    [
        ("british", None),
        (
            "corsica",
            (
                "58.43",
                "raf: eliminated (caught in Vichy territory)",
                "awaw.58.france_includes_corsica=no",
            ),
        ),
        ("algeria", ("58.43", "raf: eliminated (caught in a Vichy colony)", "")),
    ],
)
def test_58_43_only_a_unit_on_corsica_cites_the_corsica_reading(
    location: str, entry: tuple[str, str, str] | None
) -> None:
    g = support.game({"units": [unit("raf", "british", "infantry", location)]}, seed=1)
    support.play(g, vichy="yes")
    found = [(e.rule, e.text, e.assumption) for e in g.log if e.text.startswith("raf:")]
    assert found == ([entry] if entry else [])


@pytest.mark.parametrize(
    ("nationality", "entry"),
    [
        ("us", ("58.43", "eliminated (caught in Vichy territory)", "france_includes_corsica=no")),
        (
            "french",
            (
                "58.61",
                "removed (French units outside Free French and British-held places "
                "leave the board)",
                "",
            ),
        ),
    ],
)
def test_58_43_the_corsica_reading_decides_for_every_allied_nationality_and_not_for_france(
    nationality: str, entry: tuple[str, str, str]
) -> None:
    g = support.game({"units": [unit("raf", nationality, "infantry", "corsica")]}, seed=1)
    support.play(g, vichy="yes")
    rule, text, assumption = entry
    assumption = f"awaw.58.{assumption}" if assumption else ""
    found = [(e.rule, e.text, e.assumption) for e in g.log if e.text.startswith("raf:")]
    assert found == [(rule, f"raf: {text}", assumption)]


@pytest.mark.parametrize(
    ("vichy", "entry"),
    [
        (
            "yes",
            (
                "58.41",
                "Every hex of France outside Vichy France passes to the Axis; Vichy France is "
                "held by neither side (58.633)",
            ),
        ),
        ("no", ("58.31B", "Every hex of France and Corsica passes to the Axis")),
    ],
)
def test_58_41_58_31b_the_log_says_who_holds_france_s_hexes(
    vichy: str, entry: tuple[str, str]
) -> None:
    g = support.game({}, seed=1)
    support.play(g, vichy=vichy)
    assert entry in [(e.rule, e.text) for e in g.log if "Every hex of France" in e.text]


def test_58_41_the_air_and_naval_reading_is_never_cited_for_a_french_unit() -> None:
    g = support.game({"units": [unit("raf", "french", "air", "southern_france")]}, seed=1)
    support.play(g, vichy="yes")
    found = [e.assumption for e in g.log if e.text.startswith("raf:")]
    assert found == [""]
