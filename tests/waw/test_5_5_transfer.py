"""5.5: France gives the conqueror 3 IPCs from its own money, and its income falls by 6."""

from __future__ import annotations

import pytest

from armistice.core.waw.words import FRANCE
from tests.waw.maps import play, small

DICE = {"fleet.toulon": 3}


def test_5_5_france_pays_the_conqueror_3_ipcs_and_its_income_falls_by_6() -> None:
    game = play(small(), DICE)
    assert game.state.bank == {"france": 2, "germany": 3}
    assert game.state.paid == 3
    assert game.state.ipc[FRANCE] == 12 - 6
    assert game.state.ipc["germany"] == 20


def test_5_5_italy_as_conqueror_gets_the_3_ipcs() -> None:
    raw = {**small(), "conqueror": "italy"}
    game = play(raw, DICE)
    assert game.state.bank == {"france": 2, "italy": 3}


@pytest.mark.parametrize(
    ("held", "reading", "paid"),
    [
        (3, "all_it_has", 3),
        (1, "all_it_has", 1),
        (0, "all_it_has", 0),
        (2, "nothing", 0),
        (3, "nothing", 3),
    ],
)
def test_5_5_france_short_of_3_ipcs_pays_as_the_reading_says(
    held: int, reading: str, paid: int
) -> None:
    raw = {**small(), "bank": {"france": held}}
    game = play(raw, DICE, assumptions={"waw.short_bank": reading})
    assert game.state.bank == {"france": held - paid, "germany": paid}
    assert sum(game.state.bank.values()) == held
    cited = [e.assumption for e in game.log if "pays" in e.text]
    assert cited == (["waw.short_bank=" + reading] if held < 3 else [""])
