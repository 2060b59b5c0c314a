"""Setups a board cannot hold are refused by ``armistice check``, in one line naming the
file, the field and the reason (exit 2): units off their domain, a land kind said to be a
surface warship, a ship captured while its port is neutral, a territory marked initially
French that the rule does not list, an empty name, two ships of one name, an adjacency
listed twice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from armistice.core import scenario
from armistice.core.errors import ScenarioError
from armistice.tui.cli import run
from tests.aa50.board import LIBERATED, raw

Change = Callable[[dict[str, Any]], object]


def _martinique_american(d: dict[str, Any]) -> None:
    d["places"]["martinique"].update(control="united_states")
    d["places"]["martinique"].pop("original", None)


CASES: list[tuple[Change, str, str]] = [
    (
        lambda d: d["places"]["sz12"]["units"].append("italy:infantry"),
        "places.sz12.units[1]",
        "a land unit stands in a territory, not a sea zone (transports are not tracked)",
    ),
    (
        lambda d: d["places"]["morocco"]["units"].append("germany:battleship"),
        "places.morocco.units[1]",
        "a sea unit stands in a sea zone, not on land",
    ),
    (
        lambda d: d["kinds"]["infantry"].update(surface_warship=True),
        "kinds.infantry.surface_warship",
        "only a sea unit is a surface warship; infantry is a land unit",
    ),
    (
        lambda d: d["ships"]["bearn"].update(fate="captured", by="united_states"),
        "ships.bearn.fate",
        "captured while its port Martinique is still neutral French",
    ),
    (
        lambda d: d["places"]["gibraltar"].update(original=True),
        "places.gibraltar.original",
        "Gibraltar is held by the United Kingdom and is not among the territories the rule "
        "lists as initially French",
    ),
    (
        # A holder the setup does not list is named as such, not blamed on the units there.
        lambda d: d["places"]["southern_france"].update(control="vichy"),
        "places.southern_france.control",
        "unknown power 'vichy'",
    ),
    (
        lambda d: d["ships"]["bearn"].update(port="guadeloupe"),
        "ships.bearn.port",
        "'guadeloupe' is no place of the setup",
    ),
    (
        lambda d: d["ships"]["bearn"].update(port="sz19"),
        "ships.bearn.port",
        "Sea zone 19 is a sea zone, not a territory with a port",
    ),
    (lambda d: d["powers"]["italy"].update(label=""), "powers.italy.label", "empty"),
    (lambda d: d["places"]["sz7"].update(name=" "), "places.sz7.name", "empty"),
    (
        lambda d: d["ships"]["jean_bart"].update(name="Richelieu"),
        "ships.richelieu.name",
        "'Richelieu' is also ships.jean_bart",
    ),
    (
        lambda d: d["places"]["morocco"]["adjacent"].append("sz12"),
        "places.morocco.adjacent[2]",
        "sz12 is listed twice",
    ),
    (
        _martinique_american,
        "ships.bearn.port",
        "'martinique' is not an initially French territory: it is held by the United States "
        "without places.martinique.original = true",
    ),
]


@pytest.mark.parametrize(("change", "field", "reason"), CASES)
def test_a_setup_the_board_cannot_hold_is_refused_naming_the_field(
    change: Change, field: str, reason: str
) -> None:
    document = raw()
    change(document)
    with pytest.raises(ScenarioError) as caught:
        scenario.from_mapping(document, "bad.toml")
    assert f"bad.toml: {field}" in str(caught.value)
    assert reason in str(caught.value)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        (
            'units = ["united_kingdom:battleship"]',
            'units = ["united_kingdom:battleship", "italy:infantry"]',
            "places.sz12.units[1]",
        ),
        (
            'infantry = { domain = "land", plural = "infantry" }',
            'infantry = { domain = "land", plural = "infantry", surface_warship = true }',
            "kinds.infantry.surface_warship",
        ),
        (
            'name = "Gibraltar"\nkind = "land"\n',
            'name = "Gibraltar"\nkind = "land"\noriginal = true\n',
            "places.gibraltar.original",
        ),
    ],
)
def test_the_check_command_refuses_them_in_one_line_with_exit_2(
    old: str, new: str, field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = scenario.locate("france-neutral-1941").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert run(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "bad.toml" in err and field in err


def test_a_territory_france_held_off_the_rules_list_says_so_with_unlisted() -> None:
    document = raw(LIBERATED)
    document["places"]["martinique"].update(control="united_states", original=True)
    assert scenario.from_mapping(document, "ok.toml").initially_french("martinique")
    # A listed territory held by an Allied power needs no more than original = true.
    assert scenario.from_mapping(raw(LIBERATED), "ok.toml").initially_french("morocco")
