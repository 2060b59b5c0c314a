"""The invariants of rule 58, proved over all inputs on the engine's own functions.

Each property builds a :class:`~armistice.verify.solver.Proof` from the shipped rule
functions evaluated on z3 terms and the tables in use, and states its claim
from the rule text (:mod:`armistice.verify.awaw.rule58.spec`), not from the engine.
Preconditions speak of inputs only (scenario facts, answers and their ranges), never of
what the engine computes, so a wrong engine cannot make a precondition false and hide.
Every verdict is of strength ``proved``: z3 decides it for every integer the inputs may
take under the stated preconditions (the ranges a scenario allows). A violated one gives
the smallest inputs z3 finds and the engine's value beside the rule's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Force, Forces, Tables
from armistice.core.awaw.words import COLONY_STATUSES
from armistice.core.logic import in_domain, lookup
from armistice.verify.awaw.rule58 import spec
from armistice.verify.awaw.rule58.inputs import level_parts, surrender_facts
from armistice.verify.model import Property, Result, Strength, Verdict
from armistice.verify.solver import Outcome, Proof


def _result(
    name: str,
    rules_: tuple[str, ...],
    outcome: Outcome,
    proved: str,
    violated: str,
    words: Callable[[Any], str] = str,
) -> Result:
    if outcome.proved:
        return Result(
            name,
            rules_,
            Verdict.PROVED,
            proved,
            outcome.rules,
            rlimit=outcome.rlimit,
            seconds=outcome.seconds,
            strength=Strength.PROVED,
        )
    if outcome.unknown:
        return Result(
            name,
            rules_,
            Verdict.UNKNOWN,
            "z3 ran out of resources",
            rlimit=outcome.rlimit,
            seconds=outcome.seconds,
            strength=Strength.PROVED,
        )
    differences = "; ".join(
        f"{label}: engine {words(engine)}, rule {words(rule)}"
        for label, (engine, rule) in outcome.shown.items()
        if engine != rule
    )
    return Result(
        name,
        rules_,
        Verdict.VIOLATED,
        f"{violated} ({differences})" if differences else violated,
        counterexample=outcome.model,
        rlimit=outcome.rlimit,
        seconds=outcome.seconds,
        strength=Strength.PROVED,
    )


def level_within_limits(t: Tables) -> Result:
    """58.22: whatever the modifiers, the engine's level is within -3..+3."""
    p = Proof()
    facts, _ = surrender_facts(p)
    _, level = level_parts(p, facts, t)
    outcome = p.prove(
        z3.And(level >= -spec.LEVEL_LIMIT, level <= spec.LEVEL_LIMIT),
        shown={"level": (level, spec.level(level))},
    )
    return _result(
        "level_within_limits",
        ("58.21", "58.22"),
        outcome,
        "the level stays within -3..+3 for every scenario",
        "a scenario gives a level beyond +/-3",
    )


def level_is_clamped_sum(t: Tables) -> Result:
    """58.21-58.22: the engine's level is its listed modifiers' sum, held within the tables'
    limit (``level.limit``; the book's is 3, which :func:`level_within_limits` holds it to)."""
    p = Proof()
    facts, _ = surrender_facts(p)
    engine_raw, engine_level = rules.surrender_level(facts, t)
    raw = p.define("58.21", "raw", engine_raw)
    level = p.define("58.22", "level", engine_level)
    total = z3.Sum([term.value for term in rules.surrender_terms(facts, t)])
    limit = t.rules.level.limit
    held = _within(total, -limit, limit)
    outcome = p.prove(
        z3.And(raw == total, level == held),
        shown={"sum": (raw, total), "level": (level, held)},
    )
    return _result(
        "level_is_clamped_sum",
        ("58.21", "58.22"),
        outcome,
        f"the level shown equals the sum of the modifiers shown, held within +/-{limit}",
        f"the level differs from the sum of its listed modifiers held within +/-{limit}",
    )


def modifiers_follow_58_21(t: Tables) -> Result:
    """58.21A-F: each modifier of a surrender that is not voluntary has the published value,
    the fleet counted by the rule from the ready and damaged factors."""
    p = Proof()
    facts, fleet = surrender_facts(p)
    engine_terms = rules.surrender_terms(facts, t)[:-1]
    terms = [p.define(term.rule, f"modifier{i}", term.value) for i, term in enumerate(engine_terms)]
    as_counted = rules.SurrenderFacts(
        **{**vars(facts), "fleet_factors": spec.counted(fleet["full"], fleet["discounted"])}
    )
    expected = spec.modifiers(as_counted)
    outcome = p.prove(
        z3.Implies(
            z3.Not(facts.voluntary), z3.And(*(a == b for a, b in zip(terms, expected, strict=True)))
        ),
        shown={
            f"{term.rule} {term.label}": (a, b)
            for term, a, b in zip(engine_terms, terms, expected, strict=True)
        },
    )
    return _result(
        "modifiers_follow_58_21",
        ("58.21A", "58.21B", "58.21C", "58.21D", "58.21E", "58.21F"),
        outcome,
        "every modifier has the value 58.21 gives it",
        "a modifier differs from 58.21",
    )


def voluntary_is_plus_one(t: Tables) -> Result:
    """58.21: a voluntary surrender sets the engine's level at +1."""
    p = Proof()
    facts, _ = surrender_facts(p)
    _, level = level_parts(p, facts, t)
    outcome = p.prove(
        z3.Implies(facts.voluntary, level == spec.VOLUNTARY_LEVEL),
        shown={"level": (level, spec.VOLUNTARY_LEVEL)},
    )
    return _result(
        "voluntary_is_plus_one",
        ("58.11B", "58.21"),
        outcome,
        "every voluntary surrender has level +1",
        "a voluntary surrender gets a level other than +1",
    )


def fleet_modifier_bands(t: Tables) -> Result:
    """58.21C: the fleet modifier follows the published bands for every fleet and damage split."""
    p = Proof()
    full, half = p.int("fleet_full"), p.int("fleet_discounted")
    p.assume("domain", z3.And(full >= 0, half >= 0))
    engine = p.define(
        "58.21C", "modifier", rules.fleet_modifier(rules.counted_fleet(full, half), t)
    )
    rule = spec.fleet_band(spec.counted(full, half))
    outcome = p.prove(engine == rule, shown={"fleet modifier": (engine, rule)})
    return _result(
        "fleet_modifier_bands",
        ("58.21C",),
        outcome,
        "38+ factors give 0, 33-37 +1, 28-32 +2 and so on, damaged ones at half",
        "the fleet modifier leaves the published bands",
    )


def level_is_monotone(t: Tables) -> Result:
    """58.21: more Axis-held cities, fewer French ground factors, a smaller fleet or an
    earlier surrender never lower the engine's level."""
    p = Proof()
    a, _ = surrender_facts(p, "_a")
    b, _ = surrender_facts(p, "_b")
    same = z3.And(
        a.voluntary == b.voluntary,
        a.other_french_objectives == b.other_french_objectives,
        a.net_dps == b.net_dps,
        a.cooperation == b.cooperation,
    )
    worse_for_france = z3.And(
        z3.Implies(a.paris_axis, b.paris_axis),
        z3.Implies(a.lyon_axis, b.lyon_axis),
        z3.Implies(a.marseilles_axis, b.marseilles_axis),
        b.ground_factors <= a.ground_factors,
        b.fleet_factors <= a.fleet_factors,
        b.turn <= a.turn,
    )
    p.assume("domain", z3.And(same, worse_for_france))
    _, level_a = level_parts(p, a, t, "_a")
    _, level_b = level_parts(p, b, t, "_b")
    outcome = p.prove(
        level_b >= level_a,
        shown={
            "level after the change worse for France": (
                level_b,
                z3.If(level_b < level_a, level_a, level_b),
            )
        },
    )
    return _result(
        "level_is_monotone",
        ("58.21A", "58.21B", "58.21C", "58.21D", "58.22"),
        outcome,
        "no change that is worse for France ever lowers the level",
        "a change worse for France lowers the level",
    )


def colony_status_follows_58_53(t: Tables) -> Result:
    """58.531-58.532: a colony France holds at surrender ends in the one status the rule text
    gives it, for every die, level -3..+3 and Vichy choice."""
    p = Proof()
    die, level = p.int("die"), p.int("level")
    vichy = p.bool("vichy")
    p.assume(
        "domain",
        z3.And(die >= 1, die <= 6, level >= -spec.LEVEL_LIMIT, level <= spec.LEVEL_LIMIT),
    )
    modified = p.define("58.531", "modified", rules.colony_modified_roll(die, level, vichy, t))
    result = p.define("58.531", "result", rules.colony_result(modified, t))
    status = p.define("58.532", "status", rules.colony_status(result, vichy))
    rule = spec.colony_status(die, level, vichy)
    outcome = p.prove(status == rule, shown={"status": (status, rule)})
    return _result(
        "colony_status_follows_58_53",
        ("58.531", "58.532"),
        outcome,
        "each colony France holds gets exactly the one status 58.531-58.532 give it",
        "a colony gets a status other than the rule's",
        _status_words,
    )


def _status_words(code: Any) -> str:
    return COLONY_STATUSES[code].value if 0 <= code < len(COLONY_STATUSES) else f"none ({code})"


def _force_levels(p: Proof, level: Any, vichy: Any, t: Tables) -> tuple[Forces, Forces]:
    """The engine's Free French (58.621) and Vichy (58.631) force levels, each cell defined
    in ``p`` under its rule."""
    free = rules.free_french_level(level, vichy, t)
    vich = rules.vichy_level(level, vichy, t)
    return (
        Forces(
            **{n: p.define("58.621", f"free_french_{n}", getattr(free, n)) for n in FORCE_FIELDS}
        ),
        Forces(**{n: p.define("58.631", f"vichy_{n}", getattr(vich, n)) for n in FORCE_FIELDS}),
    )


def force_tables_total(t: Tables) -> Result:
    """58.621, 58.631: both tables give a level for every surrender level the tables' limit
    allows and every Vichy choice, with no negative entry."""
    p = Proof()
    level, vichy = p.int("level"), p.bool("vichy")
    limit = t.rules.level.limit
    p.assume("domain", z3.And(level >= -limit, level <= limit))
    free, vich = _force_levels(p, level, vichy, t)
    covered = z3.And(
        in_domain(t.free_french[True], level),
        in_domain(t.free_french[False], level),
        in_domain(t.vichy, level),
    )
    cells = [getattr(f, name) >= 0 for f in (free, vich) for name in FORCE_FIELDS]
    least = {
        f"{side} {Force(name).label}": (
            getattr(f, name),
            z3.If(getattr(f, name) < 0, 0, getattr(f, name)),
        )
        for side, f in (("Free French", free), ("Vichy", vich))
        for name in FORCE_FIELDS
    }
    outcome = p.prove(z3.And(covered, *cells), shown=least)
    return _result(
        "force_tables_total",
        ("58.621", "58.631"),
        outcome,
        f"every level -{limit}..+{limit} has a row in each table, none negative",
        "a level has no row, or a cell is negative",
    )


def forces_match_published(t: Tables) -> Result:
    """58.621, 58.631: the tables in use equal the published ones, cell for cell."""
    p = Proof()
    level, vichy = p.int("level"), p.bool("vichy")
    p.assume("domain", z3.And(level >= -spec.LEVEL_LIMIT, level <= spec.LEVEL_LIMIT))
    free, vich = _force_levels(p, level, vichy, t)
    pairs: dict[str, tuple[Any, Any]] = {}
    for i, name in enumerate(FORCE_FIELDS):
        published_ff = z3.If(
            vichy,
            lookup({k: v[i] for k, v in spec.FREE_FRENCH_WITH_VICHY.items()}, level),
            lookup({k: v[i] for k, v in spec.FREE_FRENCH_WITHOUT_VICHY.items()}, level),
        )
        published_v = z3.If(vichy, lookup({k: v[i] for k, v in spec.VICHY.items()}, level), 0)
        pairs[f"Free French {Force(name).label}"] = (getattr(free, name), published_ff)
        pairs[f"Vichy {Force(name).label}"] = (getattr(vich, name), published_v)
    outcome = p.prove(z3.And(*(a == b for a, b in pairs.values())), shown=pairs)
    return _result(
        "forces_match_published",
        ("58.621", "58.631"),
        outcome,
        "every cell equals the published table",
        "a cell differs from the published table",
    )


def naval_allocation_conserves(t: Tables) -> Result:
    """58.611, 58.641-58.643: for one kind of ship, any numbers of ships in each kind of port,
    any table levels and any count of contested ships taken, Free French + Vichy + removed
    equals what existed, none is negative, the Free French get what the rule gives them first,
    and, when the count taken is one the rule allows, Vichy get what the rule gives them."""
    p = Proof()
    amounts = [p.int(n) for n in ("british", "movable", "contested", "vichy_ports", "stranded")]
    free_level, vichy_level = p.int("free_french_level"), p.int("vichy_level")
    taken = p.int("contested_taken")
    p.assume("domain", z3.And(*(x >= 0 for x in (*amounts, free_level, vichy_level))))
    british, movable, contested, vichy_ports, stranded = amounts
    split = rules.naval_split(
        british, movable, contested, vichy_ports, stranded, free_level, vichy_level, taken
    )
    free, vich, removed = (
        p.define("58.641", n, v)
        for n, v in zip(("free_french", "vichy", "removed"), split, strict=True)
    )
    rule_free = spec.free_french_ships(free_level, british, movable, contested)
    fewest, most = spec.contested_taken_range(free_level, british, movable, contested)
    from_british = z3.If(rule_free < british, rule_free, british)
    rule_vichy = spec.vichy_ships(
        vichy_level, vichy_ports, contested - taken, british - from_british
    )
    legal = z3.And(taken >= fewest, taken <= most)
    total = z3.Sum(amounts)
    outcome = p.prove(
        z3.And(
            free + vich + removed == total,
            free >= 0,
            vich >= 0,
            removed >= 0,
            vich <= vichy_level,
            free == rule_free,
            z3.Implies(legal, vich == rule_vichy),
        ),
        shown={
            "Free French": (free, rule_free),
            "Vichy": (vich, z3.If(legal, rule_vichy, _within(vich, 0, vichy_level))),
            "removed": (removed, _within(removed, 0, total)),
            "ships in all": (free + vich + removed, total),
        },
    )
    return _result(
        "naval_allocation_conserves",
        ("58.611", "58.641", "58.642", "58.643"),
        outcome,
        "ships are conserved, the Free French served first, no side over its level",
        "ships appear, vanish, or a side gets other than the rule gives it",
    )


def _within(value: Any, low: Any, high: Any) -> Any:
    """``value`` if it is within ``low..high``, else the nearer end: what the rule allows."""
    return z3.If(value < low, low, z3.If(value > high, high, value))


def level_feeds_force_tables(t: Tables) -> Result:
    """58.22 into 58.6: every level the engine gives a scenario has a row in the force tables."""
    p = Proof()
    facts, _ = surrender_facts(p)
    _, level = level_parts(p, facts, t)
    outcome = p.prove(
        z3.And(
            in_domain(t.free_french[True], level),
            in_domain(t.free_french[False], level),
            in_domain(t.vichy, level),
        ),
        shown={"level": (level, z3.If(in_domain(t.vichy, level), level, spec.level(level)))},
    )
    return _result(
        "level_feeds_force_tables",
        ("58.22", "58.621", "58.631"),
        outcome,
        "every level the engine gives has a row in each force table",
        "the engine gives a level the force tables have no row for",
    )


PROPERTIES: tuple[Property, ...] = tuple(
    Property(f.__name__, rules_, f)
    for f, rules_ in (
        (level_within_limits, ("58.21", "58.22")),
        (level_is_clamped_sum, ("58.21", "58.22")),
        (modifiers_follow_58_21, ("58.21A", "58.21B", "58.21C", "58.21D", "58.21E", "58.21F")),
        (voluntary_is_plus_one, ("58.11B", "58.21")),
        (fleet_modifier_bands, ("58.21C",)),
        (level_is_monotone, ("58.21A", "58.21B", "58.21C", "58.21D", "58.22")),
        (colony_status_follows_58_53, ("58.531", "58.532")),
        (force_tables_total, ("58.621", "58.631")),
        (forces_match_published, ("58.621", "58.631")),
        (naval_allocation_conserves, ("58.611", "58.641", "58.642", "58.643")),
        (level_feeds_force_tables, ("58.22", "58.621", "58.631")),
    )
)
"""Rule 58's invariants in the order they run, each with the rule numbers it concerns
(the same numbers its results give)."""
