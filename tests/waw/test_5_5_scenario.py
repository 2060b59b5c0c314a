"""Bad World at War maps are refused with the file, the field and the reason; the command
line says so on one line and exits 2."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from armistice.core.errors import ScenarioError
from armistice.tui.cli import run
from tests.waw.maps import bundled, load, small


def edit(change: Callable[[dict[str, Any]], None], name: str | None = None) -> dict[str, Any]:
    raw = bundled(name) if name else bundled()
    change(raw)
    return raw


CASES = [
    (
        lambda r: r["areas"]["morocco"]["adjacent"].append("atlantis"),
        "areas.morocco.adjacent",
        "unknown place 'atlantis'",
    ),
    (
        lambda r: r["fleets"]["atlantic"].update(at="atlantis"),
        "fleets.atlantic.at",
        "'atlantis' is not a sea area",
    ),
    (
        lambda r: r["fleets"]["atlantic"].update(at="morocco"),
        "fleets.atlantic.at",
        "'morocco' is not a sea area",
    ),
    (
        lambda r: r["areas"]["syria"]["adjacent"].remove("egypt"),
        "areas.egypt.adjacent",
        "both ways: syria does not list egypt",
    ),
    (
        lambda r: r["areas"]["syria"].update(ipc=-1),
        "areas.syria.ipc",
        "-1 is below 0 (IPC value: 0 to 999 IPCs)",
    ),
    (lambda r: r["areas"]["syria"].update(port="red_sea"), "areas.syria.port", "adjacent sea area"),
    (lambda r: r["areas"]["syria"].update(control="vichy"), "areas.syria.control", "unknown power"),
    (lambda r: r.update(conqueror="britain"), "conqueror", "must be Axis"),
    (lambda r: r["income"].update(france=17), "income.france", "17 IPCs cannot lose the 18"),
    (lambda r: r["areas"]["red_sea"].update(ipc=2), "areas.red_sea.ipc", "a sea area has none"),
    (lambda r: r["areas"]["red_sea"].pop("ocean"), "areas.red_sea.ocean", "names its ocean"),
]


def refused(raw: dict[str, Any], field: str, reason: str) -> None:
    """``raw`` is refused as ``edited.toml``, naming ``field``, for ``reason``."""
    with pytest.raises(ScenarioError) as caught:
        load(raw, "edited.toml")
    assert caught.value.where == f"edited.toml: {field}"
    assert reason in caught.value.reason


@pytest.mark.parametrize(("change", "field", "reason"), CASES)
def test_bad_maps_are_refused_naming_the_field(
    change: Callable[[dict[str, Any]], None], field: str, reason: str
) -> None:
    refused(edit(change), field, reason)


def test_a_map_cut_in_two_is_refused() -> None:
    raw = small()
    raw["areas"]["far"]["adjacent"] = []
    raw["areas"]["ocean"]["adjacent"].remove("far")
    with pytest.raises(ScenarioError, match=r"areas.far.adjacent.*must be connected"):
        load(raw)


def test_the_command_line_refuses_a_one_way_adjacency_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (Path(__file__).parents[2] / "scenarios/waw/fall-of-france-1940.toml").read_text()
    bad = text.replace(
        'adjacent = ["egypt", "eastern_mediterranean"]', 'adjacent = ["eastern_mediterranean"]'
    )
    assert bad != text
    path = tmp_path / "one-way.toml"
    path.write_text(bad)
    assert run(["resolve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"armistice: error: {path}: areas.egypt.adjacent: "
        "adjacency must go both ways: syria does not list egypt\n"
    )


AFTER_CASES = [
    (
        lambda r: r["french_after"].update(atlantis=r["french_after"].pop("morocco")),
        "french_after.atlantis",
        "not a French area of the map",
    ),
    (
        lambda r: r["french_after"].pop("morocco"),
        "french_after",
        "morocco is missing",
    ),
    (
        lambda r: r["french_after"]["morocco"].update(side="french"),
        "french_after.morocco.side",
        "5.5 has rolled every French area",
    ),
    (
        lambda r: r["french_after"]["morocco"].update(holder="germany"),
        "french_after.morocco.holder",
        "a Free French area is held by an Allied power",
    ),
    (
        lambda r: r["french_after"]["syria"].update(marker="britain"),
        "french_after.syria.marker",
        "the control marker of an Axis power",
    ),
    (
        lambda r: r["fleets_after"]["mediterranean"].update(sent_to="atlantis"),
        "fleets_after.mediterranean.sent_to",
        "'atlantis' is not a French area of the map",
    ),
    (
        lambda r: r["fleets_after"]["mediterranean"].update(fate="french"),
        "fleets_after.mediterranean.fate",
        "5.5 has rolled every French fleet",
    ),
]


@pytest.mark.parametrize(("change", "field", "reason"), AFTER_CASES)
def test_5_6_positions_5_5_cannot_leave_are_refused_naming_the_field(
    change: Callable[[dict[str, Any]], None], field: str, reason: str
) -> None:
    refused(edit(change, "vichy-territories-1940"), field, reason)


def test_an_unknown_area_field_lists_the_fields_known_there() -> None:
    known = "name, kind, adjacent, ipc, control, french, port, ocean, vichy_marker, units"
    refused(
        edit(lambda r: r["areas"]["morocco"].update(colour="red")),
        "areas.morocco.colour",
        f"unknown field; known here: {known}, politics",
    )
