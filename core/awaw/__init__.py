"""A World at War (GMT Games): rule 58, French surrender."""

from __future__ import annotations

from core.assumptions import REGISTRY
from core.awaw.assumptions import ASSUMPTIONS
from core.awaw.procedure import outcome, resolve
from core.awaw.scenario import AwawScenario, check
from core.awaw.state import FallOfFrance
from core.systems import RuleSystem

REGISTRY.register("awaw", ASSUMPTIONS)

SYSTEM = RuleSystem(
    name="awaw",
    title="A World at War, rule 58: French surrender",
    scenario_type=AwawScenario,
    check=check,
    initial_state=lambda _scenario: FallOfFrance(),
    procedure=resolve,
    outcome=outcome,
)
