"""World at War (the Axis & Allies variant): the fall of France and Vichy areas, rules 5.5
and 5.6 (numbered 8.4 and 8.5 in later versions), the procedure ``waw``.

The area map and its checks (``scenario``), distances on it (``board``), the named
readings (``assumptions``), the resolution of 5.5 (``procedure``), what it means to a
reader (``summary``) and what odds and fates are given for (``results``).
"""

from __future__ import annotations

from armistice.core.systems import Link, RuleSystem
from armistice.core.waw.assumptions import ASSUMPTIONS
from armistice.core.waw.later import KEY as LATER_KEY
from armistice.core.waw.later import hand_over
from armistice.core.waw.procedure import resolve
from armistice.core.waw.results import entities, fates, names, outcome, outcome_names
from armistice.core.waw.scenario import WawScenario, check, sides
from armistice.core.waw.state import initial_state
from armistice.core.waw.summary import TITLE, rules_help, summarize
from armistice.core.waw.words import LATER, SIDES, AreaSide, FleetFate

KEY = "waw"

SYSTEM = RuleSystem(
    key=KEY,
    game="waw",
    title=TITLE,
    scenario_type=WawScenario,
    check=check,
    initial_state=initial_state,
    procedure=resolve,
    sides=SIDES,
    assumptions=ASSUMPTIONS,
    tables=dict,
    outcome=outcome,
    outcome_names=outcome_names,
    outcome_word=FleetFate,
    headline=FleetFate.VICHY,
    summary=summarize,
    entities=entities,
    entity_names=names,
    fates=fates,
    fate_words=(FleetFate, AreaSide),
    help=rules_help,
    links=(Link(LATER_KEY, "Vichy territories for the rest of the game", LATER, hand_over),),
    memoryless=True,
    scenario_sides=sides,
)
