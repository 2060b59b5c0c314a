"""A World at War: the Vichy France diplomatic table, the procedure ``awaw.vichy``.

Who may name Vichy (``naming``), the modifiers (``modifiers``), the arithmetic written once
(``rules``), what a result row does (``effects``), the table in ``data/vichy.toml``; a game
of rule 58 goes on into it, and one roll into the next (``links``).
"""

from __future__ import annotations

from armistice.core.awaw.board import RULE
from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS
from armistice.core.awaw.vichy.links import NextRoll, carried, earlier, next_roll
from armistice.core.awaw.vichy.procedure import resolve
from armistice.core.awaw.vichy.results import entities, fates, outcome, outcome_names
from armistice.core.awaw.vichy.scenario import VichyScenario, check
from armistice.core.awaw.vichy.state import VichyState
from armistice.core.awaw.vichy.summary import TITLE, rules_help, summarize
from armistice.core.awaw.vichy.tables import VICHY_FILE, from_documents, kind, shipped
from armistice.core.awaw.vichy.words import ColonyFate, Outcome, UnitFate
from armistice.core.awaw.words import SIDES
from armistice.core.systems import Link, RuleSystem
from armistice.core.tablefiles import TableFiles

KEY = "awaw.vichy"

SYSTEM = RuleSystem(
    key=KEY,
    game="awaw",
    title=TITLE,
    scenario_type=VichyScenario,
    check=check,
    initial_state=lambda _scenario: VichyState(),
    procedure=resolve,
    sides=SIDES,
    assumptions=ASSUMPTIONS,
    tables=shipped,
    outcome=outcome,
    outcome_names=outcome_names,
    outcome_word=Outcome,
    headline=Outcome.AXIS_ASSOCIATED,
    summary=summarize,
    entities=entities,
    fates=fates,
    fate_words=(UnitFate, ColonyFate),
    help=rules_help,
    links=(
        Link(
            KEY, "Another Vichy France diplomatic roll", RULE, next_roll, NextRoll, carried, earlier
        ),
    ),
    memoryless=True,
    compared="alignment",
    table_files=TableFiles(
        published={VICHY_FILE.name: VICHY_FILE},
        which=kind,
        build=from_documents,
        help="an edited vichy.toml, used instead of the published one",
    ),
)
