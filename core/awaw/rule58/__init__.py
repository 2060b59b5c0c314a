"""A World at War rule 58, French surrender: the procedure ``awaw.58``.

One module per rule section (``level``, ``vichy``, ``hexes``, ``colonies``, ``forces``,
``fleet``, ``brp``), the arithmetic in ``rules``, the tables in ``data/``.
"""

from __future__ import annotations

from armistice.core.awaw.rule58.assumptions import ASSUMPTIONS
from armistice.core.awaw.rule58.onward import TABLE, VICHY, VichyFacts, begin_vichy, first_roll
from armistice.core.awaw.rule58.playable import playable
from armistice.core.awaw.rule58.procedure import resolve
from armistice.core.awaw.rule58.results import entities, fates, outcome, outcome_names
from armistice.core.awaw.rule58.scenario import AwawScenario, check
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.summary import TITLE, rules_help, summarize
from armistice.core.awaw.rule58.tables import (
    FORCES_FILE,
    RULE58_FILE,
    kind,
    shipped,
)
from armistice.core.awaw.words import SIDES, ColonyStatus, Holder, ShipFate, UnitFate
from armistice.core.systems import Link, RuleSystem
from armistice.core.tablefiles import TableFiles

SYSTEM = RuleSystem(
    key="awaw.58",
    game="awaw",
    title=TITLE,
    scenario_type=AwawScenario,
    check=check,
    initial_state=lambda _scenario: FallOfFrance(),
    procedure=resolve,
    sides=SIDES,
    assumptions=ASSUMPTIONS,
    tables=shipped,
    outcome=outcome,
    outcome_names=outcome_names,
    outcome_word=ColonyStatus,
    headline=ColonyStatus.FREE_FRENCH,
    summary=summarize,
    entities=entities,
    fates=fates,
    fate_words=(ColonyStatus, UnitFate, ShipFate, Holder),
    help=rules_help,
    aliases=("awaw",),
    added_prompts=(("free_french.units.", 2),),
    links=(
        Link(VICHY, "A Vichy France diplomatic roll", TABLE, begin_vichy, VichyFacts, first_roll),
    ),
    table_files=TableFiles(
        published={RULE58_FILE.name: RULE58_FILE, FORCES_FILE.name: FORCES_FILE},
        which=kind,
        build=playable,
        help="an edited forces.toml or rule58.toml, used instead of the published one",
    ),
)
