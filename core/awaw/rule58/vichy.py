"""58.3: whether the Axis establish Vichy France."""

from __future__ import annotations

from collections.abc import Generator

import msgspec

from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import Major
from armistice.core.ledger import Ledger
from armistice.core.prompts import AnswerValue, Decision, Option, Prompt


def establish_vichy(
    s: AwawScenario, ledger: Ledger[FallOfFrance], t: Tables
) -> Generator[Prompt, AnswerValue, bool]:
    """58.31: Germany decides whether to establish Vichy France, unless the U.S. is at war.

    Changes ``vichy_established``; returns it.
    """
    if s.surrender.us_at_war_with_germany:
        ledger.note(
            "58.31", "Vichy France cannot be established: the U.S. and Germany are already at war"
        )
        vichy = False
    else:
        answer = yield Decision(
            key="establish_vichy",
            power=Major.GERMANY,
            label="Establish Vichy France?",
            rule="58.31",
            options=(
                Option("yes", "Establish Vichy France"),
                Option("no", "Do not establish Vichy France"),
            ),
            default="yes",
            help=f"Yes: a neutral Vichy France worth {t.rules.brp.vichy_value} BRPs plus "
            f"colonies, +{t.rules.colony_roll.vichy_bonus} on the colonial dice, fewer Free "
            f"French. No: the Axis take all of France and the {t.rules.brp.vichy_value} BRPs.",
        )
        vichy = answer == "yes"
        if vichy:
            ledger.note(
                "58.31A",
                "Vichy France is established: southern France and Corsica become a neutral minor country",
            )
        else:
            ledger.note(
                "58.31B",
                "Vichy France is not established: the Axis take every hex of France and Corsica "
                "and Vichy's BRPs, but not those of would-be Vichy colonies",
            )
    ledger.state = msgspec.structs.replace(ledger.state, vichy_established=vichy)
    return vichy
