"""58.621, 58.631: the log gives both force levels read from the tables, and says whether
Vichy France was established."""

from __future__ import annotations

import pytest

from tests import support


@pytest.mark.parametrize(
    ("vichy", "texts"),
    [
        (
            "yes",
            [
                "Free French force level at FSL +3, Vichy established: none",
                "Vichy force level at FSL +3: 12 infantry factors, 1 3-5 armor unit, "
                "3 army air factors, 2 named ships, 3 cruisers, 6 destroyer factors",
            ],
        ),
        (
            "no",
            [
                "Free French force level at FSL +3, Vichy not established: 3 infantry factors",
                "No Vichy forces: Vichy France was not established",
            ],
        ),
    ],
)
def test_58_621_58_631_the_log_reads_both_force_levels(vichy: str, texts: list[str]) -> None:
    g = support.game(seed=1)  # FSL +3 (58.22)
    support.play(g, vichy=vichy)
    assert [e.text for e in g.log if e.rule in ("58.621", "58.631")] == texts
