from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import settings

from armistice.core.game import Game
from tests import support

settings.register_profile("armistice", max_examples=100, deadline=None)
settings.load_profile("armistice")


@pytest.fixture
def scenario_dict() -> dict[str, Any]:
    """A minimal valid A World at War scenario as a fresh dict."""
    return support.minimal()


@pytest.fixture(scope="session")
def build() -> Callable[..., Any]:
    """Build a scenario from overrides deep-merged into the minimal one."""
    return support.scenario


@pytest.fixture(scope="session")
def new_game() -> Callable[..., Game]:
    """A Game from overrides deep-merged into the minimal scenario."""

    def make(
        overrides: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        assumptions: Mapping[str, str] | None = None,
    ) -> Game:
        return support.game(overrides, seed=seed, assumptions=assumptions)

    return make
