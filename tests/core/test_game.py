from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from armistice.core import decode, savefile
from armistice.core.assumptions import Assumption, Choice
from armistice.core.awaw.rule58.assumptions import YesNo
from armistice.core.errors import (
    GameOver,
    IllegalAnswer,
    RuleRestriction,
    SaveError,
    UnknownAssumption,
)
from armistice.core.game import Game, describe
from armistice.core.prompts import Answer, Decision, Roll, Selection, SelectionItem, Via
from armistice.core.scenario import from_mapping, load
from tests import support


def example(seed: int = 7) -> Game:
    return Game(load("rulebook-example-fall-1940"), seed=seed)


def test_new_game_asks_the_58_31_decision_first() -> None:
    g = example()
    assert isinstance(g.prompt, Decision)
    assert g.prompt.key == "establish_vichy"
    assert not g.complete
    assert g.answers == ()
    assert g.state.surrender_level.value == -1
    assert g.state.vichy_established is None


def test_answer_records_the_value_and_moves_to_the_next_prompt() -> None:
    g = example()
    g.answer("yes")
    assert g.answers[-1].key == "establish_vichy"
    assert g.answers[-1].value == "yes"
    assert g.answers[-1].via is Via.DECIDED
    assert g.state.vichy_established is True
    assert isinstance(g.prompt, Roll)
    assert g.prompt.key == "colony_roll.lebanon_syria"


def test_a_typed_die_is_recorded_as_typed() -> None:
    g = example()
    g.answer("yes")
    g.answer(4)
    assert g.answers[-1].via is Via.TYPED
    assert g.rolls_made == 1


def test_roll_uses_the_seed_and_the_roll_index() -> None:
    first, second = example(seed=11), example(seed=11)
    for g in (first, second):
        g.answer("yes")
    assert first.roll() == second.roll()
    assert first.roll() == second.roll()
    assert first.answers == second.answers
    assert [a.via for a in first.answers[1:]] == [Via.ROLLED, Via.ROLLED]
    assert first.state == second.state


def test_roll_refuses_when_no_die_is_pending() -> None:
    g = example()
    before = support.snapshot(g)
    with pytest.raises(IllegalAnswer):
        g.roll()
    assert support.snapshot(g) == before


def test_only_a_die_may_be_answered_as_rolled() -> None:
    g = example()
    before = support.snapshot(g)
    with pytest.raises(IllegalAnswer):
        g.answer("yes", Via.ROLLED)
    assert support.snapshot(g) == before


@pytest.mark.parametrize(
    ("via", "said"),
    [
        (Via.DRAWN, "(drawn at random when rolled)"),
        (Via.AGREED, "(agreed from both players' secrets)"),
    ],
)
def test_a_die_drawn_or_agreed_is_kept_as_given_and_said_so(via: Via, said: str) -> None:
    g = example(seed=11)
    g.answer("yes")
    g.answer(5, via)
    assert g.answers[-1] == Answer("colony_roll.lebanon_syria", 5, via)
    assert [e.rule for e in g.log if e.text.endswith(f": 5 {said}")] == ["58.531"]
    again = Game.load(g.save(), "saved.json")
    assert again.answers == g.answers
    assert again.state == g.state


@pytest.mark.parametrize("via", [Via.DRAWN, Via.AGREED])
def test_only_a_die_may_be_drawn_or_agreed(via: Via) -> None:
    g = example()
    before = support.snapshot(g)
    with pytest.raises(IllegalAnswer, match="only a die roll"):
        g.answer("yes", via)
    assert support.snapshot(g) == before


def test_undo_takes_back_the_last_answer_exactly() -> None:
    g = example()
    start = support.snapshot(g)
    g.answer("yes")
    after_vichy = support.snapshot(g)
    g.answer(2)
    undone = g.undo()
    assert undone.key == "colony_roll.lebanon_syria"
    assert undone.value == 2
    assert support.snapshot(g) == after_vichy
    g.undo()
    assert support.snapshot(g) == start


def test_undo_with_no_answers_is_refused() -> None:
    with pytest.raises(IllegalAnswer):
        example().undo()


def test_answering_a_finished_game_raises_game_over() -> None:
    g = example()
    support.play(g)
    assert g.complete
    assert g.prompt is None
    before = support.snapshot(g)
    with pytest.raises(GameOver):
        g.answer("yes")
    assert support.snapshot(g) == before


@pytest.mark.parametrize("value", ["maybe", 3, {"x": 1}])
def test_illegal_decision_changes_nothing(value: Any) -> None:
    g = example()
    before = support.snapshot(g)
    with pytest.raises(IllegalAnswer):
        g.answer(value)
    assert support.snapshot(g) == before


@pytest.mark.parametrize("value", [0, 7, "six"])
def test_illegal_die_changes_nothing(value: Any) -> None:
    g = example()
    g.answer("yes")
    before = support.snapshot(g)
    with pytest.raises(IllegalAnswer):
        g.answer(value)
    assert support.snapshot(g) == before


def test_selection_out_of_tier_order_changes_nothing() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    g.answer("no")
    g.answer(1)
    g.answer(6)
    assert isinstance(g.prompt, Selection) and g.prompt.key.startswith("free_french.units")
    g.answer({})
    assert g.prompt is None
    extra = support.ship("courbet", "named", 3, "british")
    raw = msgspec.to_builtins(g.scenario) | {
        "fleet": [*msgspec.to_builtins(g.scenario.fleet), extra]
    }
    g = Game(from_mapping(raw, "test"), seed=1)
    g.answer("no")
    g.answer(1)
    g.answer(6)
    g.answer({})
    assert isinstance(g.prompt, Selection)
    assert g.prompt.key == "free_french.named_ships"
    before = support.snapshot(g)
    with pytest.raises(RuleRestriction, match=r"58\.641"):
        g.answer({"dunkerque": 1})
    assert support.snapshot(g) == before
    g.answer({"lorraine": 1})
    assert g.answers[-1].value == {"lorraine": 1}


def test_answers_given_to_the_constructor_replay() -> None:
    g = example()
    support.play(g, vichy="no", dice={"lebanon_syria": 2, "north_africa": 5})
    again = Game(g.scenario, seed=g.seed, answers=g.answers)
    assert support.snapshot(again) == support.snapshot(g)


def test_constructor_names_the_answer_that_does_not_fit() -> None:
    g = example()
    g.answer("yes")
    g.answer(3)
    wrong = [g.answers[1], g.answers[0]]
    with pytest.raises(IllegalAnswer, match=r"answers\[0\]"):
        Game(g.scenario, seed=1, answers=wrong)


def test_save_and_load_round_trip_equal_state() -> None:
    g = example(seed=99)
    support.play(g, vichy="yes", dice={"lebanon_syria": 1, "north_africa": 6})
    loaded = Game.load(g.save(), "game.json")
    assert support.snapshot(loaded) == support.snapshot(g)
    assert loaded.seed == 99
    assert loaded.scenario == g.scenario
    assert dict(loaded.assumptions) == dict(g.assumptions)


def test_save_keeps_assumptions_and_a_game_in_progress() -> None:
    g = Game(
        load("rulebook-example-fall-1940"),
        seed=3,
        assumptions={"awaw.58.conquest_proration": "full"},
    )
    g.answer("no")
    loaded = Game.load(g.save(), "game.json")
    assert support.snapshot(loaded) == support.snapshot(g)
    assert loaded.assumptions["awaw.58.conquest_proration"] == "full"
    assert loaded.roll() == g.roll()


def test_save_file_is_versioned_json_with_the_three_inputs() -> None:
    g = example(seed=5)
    g.answer("yes")
    document = json.loads(g.save())
    assert document["format"] == "armistice-save"
    assert document["version"] == savefile.VERSION
    assert document["system"] == "awaw.58"
    assert document["seed"] == 5
    assert document["scenario"]["name"] == "rulebook-example-fall-1940"
    assert document["answers"] == [{"key": "establish_vichy", "value": "yes", "via": "decided"}]
    assert document["assumptions"]["awaw.58.fleet_discount"] == "pooled"
    assert "tables" not in document


def _saved() -> dict[str, Any]:
    g = example(seed=5)
    g.answer("yes")
    g.answer(2)
    return json.loads(g.save())


def _load(document: Any) -> Game:
    return Game.load(json.dumps(document).encode(), "saved.json")


def test_load_refuses_corrupt_json() -> None:
    with pytest.raises(SaveError, match=r"saved\.json") as caught:
        Game.load(b'{"format": "armistice-save", "vers', "saved.json")
    assert caught.value.source == "saved.json"


@pytest.mark.parametrize("document", [[1, 2], {"format": "chess-pgn", "version": 1}, {}])
def test_load_refuses_a_foreign_document_naming_format(document: Any) -> None:
    with pytest.raises(SaveError) as caught:
        _load(document)
    assert caught.value.field == "format"
    assert "saved.json: format" in str(caught.value)


@pytest.mark.parametrize("version", [savefile.VERSION + 1, 0, "1", None, True])
def test_load_refuses_an_unknown_version_naming_version(version: Any) -> None:
    document = _saved()
    document["version"] = version
    with pytest.raises(SaveError) as caught:
        _load(document)
    assert caught.value.field == "version"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(seed="abc"), "seed"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["answers"][0].update(key=5), "answers[0].key"),
        (lambda d: d["scenario"]["surrender"].update(year="x"), "scenario.surrender.year"),
        (lambda d: d["scenario"]["colonies"].pop("morocco"), "scenario.colonies"),
        (lambda d: d.update(system="no.such.system"), "system"),
    ],
)
def test_load_refuses_a_corrupt_field_naming_it(change: Any, field: str) -> None:
    document = _saved()
    change(document)
    with pytest.raises(SaveError) as caught:
        _load(document)
    assert caught.value.field == field
    assert f"saved.json: {field}" in str(caught.value)


def test_load_refuses_an_unknown_assumption_naming_it() -> None:
    document = _saved()
    document["assumptions"]["awaw.no_such_thing"] = "x"
    with pytest.raises(SaveError) as caught:
        _load(document)
    assert caught.value.field == "assumptions.awaw.no_such_thing"


def test_load_refuses_answers_that_do_not_replay_naming_the_answer() -> None:
    document = _saved()
    document["answers"][1]["value"] = 9
    with pytest.raises(SaveError) as caught:
        _load(document)
    assert caught.value.field.startswith("answers[1]")


def test_open_refuses_a_missing_file(tmp_path: Any) -> None:
    with pytest.raises(SaveError, match="cannot be read"):
        Game.open(tmp_path / "nothing.json")


def test_save_errors_are_value_errors() -> None:
    assert issubclass(SaveError, ValueError)


def _walk(data: st.DataObject, g: Game) -> None:
    """Drive ``g`` to the end with drawn answers, checking a save replays at every step."""
    while True:
        loaded = Game.load(g.save(), "x")
        assert support.snapshot(loaded) == support.snapshot(g)
        prompt = g.prompt
        if prompt is None:
            return
        if isinstance(prompt, Decision):
            g.answer(data.draw(st.sampled_from([o.value for o in prompt.options])))
        elif isinstance(prompt, Roll):
            if data.draw(st.booleans()):
                g.roll()
            else:
                g.answer(data.draw(st.integers(1, 6)))
        else:
            g.answer(prompt.default_answer())


@given(
    st.data(),
    st.sampled_from(
        [
            "rulebook-example-fall-1940",
            "historical-summer-1940",
            "voluntary-fall-1940",
            "damaged-fleet-spring-1940",
            "us-at-war-spring-1942",
        ]
    ),
    st.integers(0, 10**6),
)
def test_property_a_save_replays_to_the_same_state_log_and_prompt(
    data: st.DataObject, name: str, seed: int
) -> None:
    _walk(data, Game(load(name), seed=seed))


def _illegal(prompt: Any, data: st.DataObject) -> Any:
    if isinstance(prompt, Decision):
        return data.draw(st.sampled_from(["maybe", "", 0, "Yes"]))
    if isinstance(prompt, Roll):
        return data.draw(st.sampled_from([0, 7, -3, 100, "4"]))
    over = {prompt.items[0].id: prompt.items[0].available + 1}
    short: list[Any] = [{}] if prompt.least > 0 else []
    return data.draw(st.sampled_from([over, *short, {"no_such_ship": 1}, "lorraine"]))


@given(
    st.data(),
    st.sampled_from(
        [
            "rulebook-example-fall-1940",
            "historical-summer-1940",
            "voluntary-fall-1940",
            "damaged-fleet-spring-1940",
        ]
    ),
)
def test_property_an_illegal_answer_changes_nothing(data: st.DataObject, name: str) -> None:
    g = Game(load(name), seed=1)
    while g.prompt is not None:
        before = support.snapshot(g)
        with pytest.raises(IllegalAnswer):
            g.answer(_illegal(g.prompt, data))
        assert support.snapshot(g) == before
        if isinstance(g.prompt, Decision):
            g.answer(data.draw(st.sampled_from(["yes", "no"])))
        elif isinstance(g.prompt, Roll):
            g.answer(data.draw(st.integers(1, 6)))
        else:
            g.answer(g.prompt.default_answer())


def test_an_assumption_given_by_its_key_and_its_older_alias_is_refused() -> None:
    with pytest.raises(UnknownAssumption, match="given twice"):
        Game(
            load("rulebook-example-fall-1940"),
            assumptions={"awaw.58.fleet_discount": "pooled", "awaw.fleet_discount": "per_ship"},
        )


def test_an_old_value_of_an_assumption_is_read_as_the_choice_it_became() -> None:
    """Corsica's reading was once spelled excluded/included under its 58.21B key; the old
    spellings are taken under any of its keys and kept in the new one."""
    for key in ("awaw.58.france_includes_corsica", "awaw.corsica_ground_factors"):
        game = Game(load("rulebook-example-fall-1940"), assumptions={key: "included"})
        assert game.assumptions["awaw.58.france_includes_corsica"] == "yes"
    with pytest.raises(UnknownAssumption, match="choose one of: no, yes"):
        Game(
            load("rulebook-example-fall-1940"),
            assumptions={"awaw.58.france_includes_corsica": "si"},
        )


def test_an_old_value_must_name_a_retired_spelling_and_a_current_choice() -> None:
    for old_values in ((("excluded", "maybe"),), (("no", "yes"),)):
        with pytest.raises(ValueError, match="old value"):
            Assumption(
                key="x.corsica",
                rule="58.21B",
                question="?",
                kind=YesNo,
                choices=(Choice("no", "no"), Choice("yes", "yes")),
                why=".",
                old_values=old_values,
            )


def test_58_31_an_answer_reads_as_its_option_label() -> None:
    prompt = example().prompt
    assert isinstance(prompt, Decision)
    assert describe(prompt, "yes") == "Establish Vichy France"
    assert describe(prompt, "no") == "Do not establish Vichy France"
    assert describe(prompt, "maybe") == "maybe"
    assert describe(prompt, "".join(["y", "es"])) == "Establish Vichy France"  # equal, not same


def test_a_game_without_a_seed_draws_one_of_a_billion() -> None:
    seeds = [Game(load("rulebook-example-fall-1940")).seed for _ in range(30)]
    assert all(0 <= s < 10**9 for s in seeds)
    # 30 draws all below 10**8 would happen once in 10**30 games with the full range.
    assert max(seeds) >= 10**8


def test_a_seed_is_taken_up_to_a_billion_and_refused_above() -> None:
    assert Game(load("rulebook-example-fall-1940"), seed=10**9).seed == 10**9
    with pytest.raises(IllegalAnswer, match=r"^seed: 1000000001 is outside 0\.\.1000000000$"):
        Game(load("rulebook-example-fall-1940"), seed=10**9 + 1)


def test_58_31_an_answer_equal_to_yes_establishes_vichy_whatever_string_carries_it() -> None:
    yes = "".join(["y", "es"])  # equal to "yes", another object, as a decoded save gives
    g = Game(load("rulebook-example-fall-1940"), seed=7, answers=[Answer("establish_vichy", yes)])
    assert g.state.vichy_established is True


@pytest.mark.parametrize(("seed", "taken"), [(-1, False), (0, True), (decode.MAX_INT, True)])
def test_a_seed_is_a_whole_number_from_0_to_the_largest_a_file_may_hold(
    seed: int, taken: bool
) -> None:
    s = support.scenario()
    if taken:
        assert Game(s, seed=seed).seed == seed
    else:
        with pytest.raises(IllegalAnswer, match=rf"^seed: -1 is outside 0\.\.{decode.MAX_INT}$"):
            Game(s, seed=seed)
    with pytest.raises(IllegalAnswer, match="is outside"):
        Game(s, seed=decode.MAX_INT + 1)


def test_a_selection_reads_with_an_amount_for_every_item_not_taken_whole() -> None:
    prompt = Selection(
        key="keep",
        power="britain",
        label="Keep",
        rule="58.623",
        items=(
            SelectionItem("a", "Richelieu", 1),
            SelectionItem("b", "Empty depot", 0),
            SelectionItem("c", "D3 destroyer", 3),
        ),
        required=2,
        unit="factors",
    )
    assert describe(prompt, {"a": 1, "b": 0, "c": 1}) == (
        "Richelieu, Empty depot: 0 factors, D3 destroyer: 1 factor"
    )
    assert describe(prompt, {}) == "nothing"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("key", "zzz_unknown", "answers 'zzz_unknown' but the game asks 'establish_vichy'"),
        ("key", "aaa_unknown", "answers 'aaa_unknown' but the game asks 'establish_vichy'"),
        ("value", "maybe", "'maybe' is not an option; choose one of: yes, no"),
    ],
)
def test_a_save_whose_answer_does_not_fit_its_prompt_is_refused_naming_it(
    field: str, value: str, message: str
) -> None:
    g = support.game(None, seed=1)
    support.play(g, vichy="yes")
    document = json.loads(g.save())
    key = document["answers"][0]["key"]
    document["answers"][0][field] = value
    where = f"answers[0] ({value if field == 'key' else key})"
    with pytest.raises(SaveError) as caught:
        Game.load(json.dumps(document).encode(), "g.json")
    assert str(caught.value) == f"g.json: {where}: {message}"
