"""Every registered rule system, on every bundled scenario, passes the conformance checks
(:mod:`tests.conformance.checks`) under random legal play and random assumptions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core import decode, scenario, systems
from armistice.core.game import Game
from tests.conformance.checks import assumptions, conforms

CASES = [(entry.system, entry.name) for entry in scenario.bundled()]


def test_every_registered_system_has_a_bundled_scenario() -> None:
    assert {key for key, _ in CASES} == set(systems.names())


@pytest.mark.parametrize(("key", "name"), CASES)
@settings(max_examples=25)
@given(data=st.data())
def test_random_legal_play_conforms(key: str, name: str, data: st.DataObject) -> None:
    system = systems.get(key)
    chosen = data.draw(assumptions(system))
    seed = data.draw(st.integers(0, decode.MAX_INT))
    conforms(Game(scenario.load(name), assumptions=chosen, seed=seed), data)
