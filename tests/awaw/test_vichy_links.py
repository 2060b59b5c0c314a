"""The two hand-overs into a Vichy France diplomatic roll (after rule 58, after another roll):
typed facts told the same way, the turn refused outside the game or before the last roll,
facts that start from what the finished game knows, the side that named Vichy rolling, the
garrisons of the tables the game ran with, and saves written before whole facts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from armistice.core import savefile, scenario, systems, tablefiles
from armistice.core.awaw.rule58.tables import RULE58_FILE
from armistice.core.awaw.words import Region
from armistice.core.errors import ScenarioError
from armistice.core.fields import describe
from armistice.core.game import NEXT, Game
from armistice.core.prompts import Roll
from armistice.tui.cli import run
from tests import support
from tests.awaw.vichy import make, net
from tests.support import finish, finished

LINKS = Path(__file__).resolve().parents[1] / "fixtures" / "links"


def finished_58(seed: int = 3, tables: tablefiles.HouseTables | None = None) -> Game:
    return finished("historical-summer-1940", seed, tables)


def asked(link_facts: type[Any]) -> dict[str, str]:
    """Each field of a link's facts struct by path, with its kind."""
    return {f.path: f.kind for f in describe(link_facts)}


def test_both_links_tell_the_board_with_the_same_typed_fields() -> None:
    first = finished_58().links[0]
    again = systems.get("awaw.vichy").links[0]
    assert first.facts is not None and again.facts is not None
    one, other = asked(first.facts), asked(again.facts)
    shared = {
        "turn.season": "choice",
        "turn.year": "integer",
        "named_by": "choice",
        "board.usat_level": "integer",
        "board.us_at_war": "boolean",
        "diplomacy.axis_dps": "integer",
        "diplomacy.allied_dps": "integer",
        "capitals.tunisia": "choice",
        "capitals.morocco": "choice",
    }
    for path, kind in shared.items():
        assert (one[path], other[path]) == (kind, kind), path
    assert "seasons_later" not in other
    assert {f.path: (f.low, f.high) for f in describe(first.facts)}["turn.year"] == (1938, 1950)


def test_the_first_roll_takes_the_board_as_typed_facts() -> None:
    game = finished_58()
    game.next(
        "awaw.vichy",
        {
            "turn": {"season": "fall", "year": 1941},
            "board": {"usat_level": 40, "us_at_war": True},
            "diplomacy": {"axis_dps": 2, "allied_dps": 5},
            "capitals": {"tunisia": "axis"},
        },
    )
    s = game.scenario
    assert s.turn.name == "Fall 1941"
    assert (s.board.usat_level, s.board.us_at_war, s.diplomacy.net) == (40, True, -3)
    assert s.colonies["tunisia"].capital == "axis" and s.colonies["algeria"].capital == "vichy"


def test_a_capital_of_a_colony_that_is_not_vichy_is_refused_naming_it() -> None:
    game = Game(scenario.load("historical-summer-1940"), seed=3)
    game.answer("no")
    finish(game)
    with pytest.raises(ScenarioError) as refused:
        game.next("awaw.vichy", {"capitals": {"morocco": "allied"}})
    assert str(refused.value) == "facts: capitals.morocco: not a Vichy colony; Vichy's: none"


def test_the_first_roll_defaults_to_spring_after_the_fall() -> None:
    """77: Vichy France is not named in the year France fell (save a reaction roll): after a
    fall in Summer 1940 the first roll the Axis may make is in Spring 1941."""
    game = finished_58()
    start = game.links[0].start(game.scenario, game.state)
    assert start.turn.name == "Spring 1941"
    game.next("awaw.vichy", {"board": {"usat_level": 12}})
    assert game.scenario.turn.name == "Spring 1941" and game.scenario.board.usat_level == 12
    assert game.prompt is not None and game.prompt.key == "named_by"


def rolled(usat: int = 12) -> Game:
    """The first roll after the historical fall, Summer 1941, with a board and DPs told."""
    game = finished_58()
    game.next(
        "awaw.vichy",
        {
            "turn": {"season": "summer", "year": 1941},
            "board": {"usat_level": usat, "germany_at_war_with_russia": True},
            "diplomacy": {"axis_dps": 3, "allied_dps": 1},
            "capitals": {"morocco": "allied"},
        },
    )
    return finish(game)


def test_the_next_roll_starts_from_the_board_the_last_one_left() -> None:
    game = rolled()
    game.next("awaw.vichy", {"diplomacy": {"allied_dps": 4}})
    s = game.scenario
    assert s.turn.name == "Fall 1941"
    assert (s.board.usat_level, s.board.germany_at_war_with_russia) == (12, True)
    assert (s.diplomacy.axis_dps, s.diplomacy.allied_dps) == (3, 4)
    assert s.named_by == "axis"
    assert game.facts[-1]["board"]["usat_level"] == 12
    assert game.facts[-1]["turn"] == {"season": "fall", "year": 1941}


def test_an_attack_of_the_last_turn_does_not_carry_to_the_next_roll() -> None:
    """A reaction roll follows an attack this turn: the next turn starts with none."""
    last = make(board={"allied_attack": True, "colonies_attacked_last_turn": 2})
    game = Game(last, seed=1)
    game.answer("axis_reaction")
    finish(game)
    start = game.links[0].start(game.scenario, game.state)
    assert (start.board.allied_attack, start.board.colonies_attacked_last_turn) == (False, 0)
    assert start.board.usat_level == 30 and start.named_by == "axis"
    assert start.turn.name == "Summer 1941"


@pytest.mark.parametrize(
    ("turn", "says"),
    [
        (
            {"season": "spring", "year": 1941},
            "facts: turn: Spring 1941 is before the last roll (Summer 1941)",
        ),
        ({"season": "spring", "year": 1951}, "facts: turn.year: 1951 is above 1950"),
        ({"season": "monsoon"}, 'facts: turn.season: "monsoon" is not one of: spring, summer'),
    ],
)
def test_a_turn_before_the_last_roll_or_past_the_game_is_refused(
    turn: dict[str, Any], says: str
) -> None:
    game = rolled()
    with pytest.raises(ScenarioError) as refused:
        game.next("awaw.vichy", {"turn": turn})
    assert str(refused.value).startswith(says) and "\n" not in str(refused.value)
    assert game.system.key == "awaw.vichy" and game.complete


def test_the_last_turn_of_the_game_is_the_last_a_roll_may_take() -> None:
    last = make(turn={"season": "winter", "year": 1950})
    game = Game(last, seed=1)
    finish(game)
    assert game.links[0].start(game.scenario, game.state).turn.name == "Winter 1950"
    game.next("awaw.vichy", {})
    assert game.scenario.turn.name == "Winter 1950"


@pytest.mark.parametrize(
    ("named_by", "board", "power", "player", "said"),
    [
        ("axis", {}, "germany", "Axis", "The Axis roll: die 3"),
        (
            "western_allies",
            {"american_ground_unit": True},
            "britain",
            "Allies",
            "The Western Allies roll: die 3",
        ),
        (
            "soviet_union",
            {"american_ground_unit": True},
            "soviet_union",
            "Allies",
            "The Soviet Union roll: die 3",
        ),
    ],
)
def test_the_side_that_names_vichy_rolls(
    named_by: str, board: dict[str, Any], power: str, player: str, said: str
) -> None:
    game = Game(make(board=board, diplomacy=net(1)), seed=1)
    game.answer(named_by)
    roll = game.prompt
    assert isinstance(roll, Roll) and roll.power == power
    who = game.player(roll)
    assert who is not None and who.label == player
    game.answer(3)
    assert any(e.text.startswith(said) for e in game.log)


GARRISON_3 = ('factors = 2\ncity = "Vichy"', 'factors = 3\ncity = "Vichy"')
"""58.632 in a house rule58.toml: each Vichy garrison is 3 infantry factors, not 2."""


def test_the_first_roll_garrisons_come_from_the_tables_the_game_ran_with(
    tmp_path: Path,
) -> None:
    path = support.edited(tmp_path, RULE58_FILE, GARRISON_3)
    tables = tablefiles.read(systems.get("awaw.58"), (path,))
    house = finished_58(tables=tables)
    published = finished_58()
    infantry = house.state.forces["vichy"].infantry_factors
    assert infantry == published.state.forces["vichy"].infantry_factors == 15
    for game in (house, published):
        game.next("awaw.vichy", {})
    placed = [
        [(u.name, u.factors) for u in g.scenario.vichy_units if u.kind == "infantry"]
        for g in (house, published)
    ]
    capitals = ("Vichy", "Beirut", "Tunis", "Algiers", "Rabat")
    assert placed[0] == [(f"Garrison of {c}", 3) for c in capitals]
    assert placed[1] == [*((f"Garrison of {c}", 2) for c in capitals), ("Vichy infantry", 5)]


def test_a_save_before_whole_facts_loads_to_the_game_it_was() -> None:
    """Written at version 5: the second roll told ``seasons_later = 2`` and an ``unchanged``
    capital, and took the board and DPs at their defaults then (no board carried). Morocco,
    whose capital the Allies hold, is still a Vichy colony at the second roll (-1 there)."""
    save = LINKS / "v5" / "historical-two-vichy-rolls.json"
    then = json.loads(save.with_suffix(".expected.json").read_text())
    game = Game.open(save)
    s = game.scenario
    assert json.loads(msgspec.json.encode(game.state)) == then["state"]
    assert s.turn.name == then["turn"] == "Fall 1941"
    assert json.loads(msgspec.json.encode(s.board)) == then["board"]
    assert s.board.usat_level == 0 and s.diplomacy.allied_dps == 2
    assert [u.name for u in s.vichy_units if u.garrison] == [
        "Garrison of Vichy",
        "Garrison of Beirut",
        "Garrison of Tunis",
        "Garrison of Algiers",
        "Garrison of Rabat",
    ]
    assert json.loads(msgspec.json.encode(s.colonies)) == then["colonies"]
    again = json.loads(game.save())
    assert again["version"] == savefile.VERSION
    assert again["facts"][1]["turn"] == {"season": "fall", "year": 1941}
    assert again["facts"][1]["capitals"]["tunisia"] == "axis"
    reloaded = Game.load(game.save(), "again.json")
    assert reloaded.state == game.state and reloaded.scenario == game.scenario
    reloaded.undo()
    reloaded.undo()
    assert reloaded.answers[-1].key == NEXT and reloaded.scenario.turn.name == "Fall 1941"


def test_the_command_line_goes_on_with_the_facts_the_last_roll_left(
    tmp_path: Path, capsys: Any
) -> None:
    save = tmp_path / "first.json"
    save.write_bytes(rolled(usat=12).save())
    facts = tmp_path / "facts.toml"
    facts.write_text("[next.diplomacy]\nallied_dps = 0\n", encoding="utf-8")
    capsys.readouterr()
    given = ("--next", "awaw.vichy", "--facts", str(facts))
    code = run(["resolve", str(save), *given, "--auto", "--dice", "2", "--json"])
    assert code == 0
    document = json.loads(capsys.readouterr().out)
    modifiers = {m["label"]: m["value"] for m in document["state"]["vichy_diplomacy"]["modifiers"]}
    assert modifiers["USAT below 25"] == 1 and modifiers["Net DPs"] == 3
    assert document["summary"]["facts"][0] == ["Turn", "Fall 1941"]


def test_a_capital_the_allies_hold_counts_at_every_roll_until_a_row_moves_the_colony() -> None:
    """77: -1 for each Vichy colonial capital the Allies hold. Morocco's capital, Allied at
    the first roll, counts -1 there and again at the next roll; the colony stays Vichy."""
    first = rolled()
    before = first.state.vichy_diplomacy
    assert before is not None and before.result == "9"  # no row that moves a colony
    assert first.state.colonies["morocco"] == "vichy"
    capitals = [(m.label, m.value) for m in before.modifiers if m.label == "Allied-held capitals"]
    first.next("awaw.vichy")
    assert first.scenario.colonies[Region.MOROCCO].capital == "allied"
    finish(first)
    after = first.state.vichy_diplomacy
    assert after is not None
    again = [(m.label, m.value) for m in after.modifiers if m.label == "Allied-held capitals"]
    assert capitals == again == [("Allied-held capitals", -1)]
