"""What rule 58 decides for everything a scenario lists: the entities and their fates, and
the outcome odds are given for."""

from __future__ import annotations

from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ShipFate
from armistice.core.words import Word


def outcome(state: FallOfFrance) -> tuple[tuple[str, str], ...]:
    """What odds are given for: each colony's final status, by colony id."""
    return tuple((name, status.value) for name, status in state.colonies.items())


def outcome_names(t: Tables) -> dict[str, str]:
    """Each colony id with its name in tables ``t``, as odds name them."""
    return {c.id: c.name for c in t.colonies.values()}


def entities(s: AwawScenario) -> tuple[str, ...]:
    """The keys of everything rule 58 decides: ``colony:ID``, ``units[i]``, ``ship:ID``,
    ``conquest:NAME`` and ``minor:NAME``."""
    return (
        *(f"colony:{c}" for c in s.colonies),
        *(f"units[{i}]" for i in range(len(s.units))),
        *(f"ship:{ship.id}" for ship in s.fleet),
        *(f"conquest:{c.name}" for c in s.conquests),
        *(f"minor:{m}" for m in s.french_minors),
    )


def fates(s: AwawScenario, state: FallOfFrance) -> dict[str, Word]:
    """Each entity's fate as far as ``state`` decides it (all of them once it is final)."""
    out: dict[str, Word] = {f"colony:{c}": status for c, status in state.colonies.items()}
    out.update((f"units[{f.index}]", f.fate) for f in state.units)
    if state.fleet is not None:
        for ship in s.fleet:
            shares = {
                ShipFate.FREE_FRENCH: state.fleet.free_french.get(ship.id, 0),
                ShipFate.VICHY: state.fleet.vichy.get(ship.id, 0),
                ShipFate.REMOVED: state.fleet.removed.get(ship.id, 0),
            }
            held = [fate for fate, n in shares.items() if n]
            out[f"ship:{ship.id}"] = held[0] if len(held) == 1 else ShipFate.DIVIDED
    out.update((f"conquest:{name}", holder) for name, holder in state.conquests.items())
    out.update((f"minor:{name}", holder) for name, holder in state.minors.items())
    return out
