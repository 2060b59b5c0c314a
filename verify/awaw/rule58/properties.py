"""The invariants of rule 58, proved over all inputs on the engine's own functions.

Each property builds a :class:`~armistice.verify.solver.Proof` from the shipped rule
functions evaluated on z3 terms and the tables in use, and states its claim
from the rule text (:mod:`armistice.verify.awaw.rule58.spec`), not from the engine.
Every verdict is of strength ``proved``: z3 decides it for every integer the inputs may
take under the stated preconditions (the ranges a scenario allows).
"""

from __future__ import annotations

import z3

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Tables
from armistice.core.awaw.words import COLONY_STATUSES, ColonyStatus
from armistice.core.logic import in_domain, lookup
from armistice.verify.awaw.rule58 import spec
from armistice.verify.awaw.rule58.inputs import level_parts, surrender_facts
from armistice.verify.model import Property, Result, Strength, Verdict
from armistice.verify.solver import Outcome, Proof


def _result(
    name: str, rules_: tuple[str, ...], outcome: Outcome, proved: str, violated: str
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
    return Result(
        name,
        rules_,
        Verdict.VIOLATED,
        violated,
        counterexample=outcome.model,
        rlimit=outcome.rlimit,
        seconds=outcome.seconds,
        strength=Strength.PROVED,
    )


def level_within_limits(t: Tables) -> Result:
    """58.22: whatever the modifiers, the level is within -3..+3."""
    p = Proof()
    facts, _ = surrender_facts(p)
    _, level = level_parts(p, facts, t)
    outcome = p.prove(z3.And(level >= -spec.LEVEL_LIMIT, level <= spec.LEVEL_LIMIT))
    return _result(
        "level_within_limits",
        ("58.21", "58.22"),
        outcome,
        "the level stays within -3..+3 for every scenario",
        "a scenario gives a level beyond +/-3",
    )


def level_is_clamped_sum(t: Tables) -> Result:
    """58.21-58.22: the engine's level is its listed modifiers' sum, held within +/-3."""
    p = Proof()
    facts, _ = surrender_facts(p)
    raw, level = rules.surrender_level(facts, t)
    terms = [term.value for term in rules.surrender_terms(facts, t)]
    total = z3.Sum(terms)
    limit = spec.LEVEL_LIMIT
    clamped = z3.If(total > limit, limit, z3.If(total < -limit, -limit, total))
    outcome = p.prove(z3.And(raw == total, level == clamped))
    return _result(
        "level_is_clamped_sum",
        ("58.21", "58.22"),
        outcome,
        "the level shown equals the clamped sum of the modifiers shown",
        "the level differs from the clamped sum of its listed modifiers",
    )


def modifiers_follow_58_21(t: Tables) -> Result:
    """58.21A-F: each modifier of a surrender that is not voluntary has the published value."""
    p = Proof()
    facts, _ = surrender_facts(p)
    terms = [
        p.define(term.rule, f"modifier{i}", term.value)
        for i, term in enumerate(rules.surrender_terms(facts, t)[:-1])
    ]
    expected = spec.modifiers(facts)
    outcome = p.prove(
        z3.Implies(
            z3.Not(facts.voluntary), z3.And(*(a == b for a, b in zip(terms, expected, strict=True)))
        )
    )
    return _result(
        "modifiers_follow_58_21",
        ("58.21A", "58.21B", "58.21C", "58.21D", "58.21E", "58.21F"),
        outcome,
        "every modifier has the value 58.21 gives it",
        "a modifier differs from 58.21",
    )


def voluntary_is_plus_one(t: Tables) -> Result:
    """58.21: a voluntary surrender sets the level at +1."""
    p = Proof()
    facts, _ = surrender_facts(p)
    _, level = level_parts(p, facts, t)
    outcome = p.prove(z3.Implies(facts.voluntary, level == 1))
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
    outcome = p.prove(engine == spec.fleet_band(spec.counted(full, half)))
    return _result(
        "fleet_modifier_bands",
        ("58.21C",),
        outcome,
        "38+ factors give 0, 33-37 +1, 28-32 +2 and so on, damaged ones at half",
        "the fleet modifier leaves the published bands",
    )


def level_is_monotone(t: Tables) -> Result:
    """58.21: more Axis-held cities, fewer French ground factors, a smaller fleet or an
    earlier surrender never lower the level."""
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
    outcome = p.prove(level_b >= level_a)
    return _result(
        "level_is_monotone",
        ("58.21A", "58.21B", "58.21C", "58.21D", "58.22"),
        outcome,
        "no change that is worse for France ever lowers the level",
        "a change worse for France lowers the level",
    )


def colony_status_follows_58_53(t: Tables) -> Result:
    """58.531-58.534: every colony ends in exactly one status, as the rule text says, for
    every level, Vichy choice, prior control and die."""
    p = Proof()
    die, level, prior = p.int("die"), p.int("level"), p.int("prior_control")
    vichy = p.bool("vichy")
    p.assume("domain", z3.And(die >= 1, die <= 6, level >= -3, level <= 3, prior >= 0, prior <= 2))
    modified = p.define("58.531", "modified", rules.colony_modified_roll(die, level, vichy, t))
    result = p.define("58.531", "result", rules.colony_result(modified, t))
    status = p.define("58.532", "status", rules.colony_status(prior, result, vichy))
    code = {s: COLONY_STATUSES.index(s) for s in ColonyStatus}
    by_text = z3.If(
        prior == rules.PRIOR_AXIS,
        code[ColonyStatus.AXIS],
        z3.If(
            prior == rules.PRIOR_BRITISH,
            code[ColonyStatus.FREE_FRENCH],
            z3.If(
                die + level + z3.If(vichy, 3, 0) <= 3,
                code[ColonyStatus.FREE_FRENCH],
                z3.If(vichy, code[ColonyStatus.VICHY], code[ColonyStatus.INDEPENDENT]),
            ),
        ),
    )
    outcome = p.prove(status == by_text)
    return _result(
        "colony_status_follows_58_53",
        ("58.531", "58.532", "58.533", "58.534"),
        outcome,
        "each colony gets exactly the one status 58.53 gives it",
        "a colony gets a status other than the rule's",
    )


def force_tables_total(t: Tables) -> Result:
    """58.621, 58.631: both tables give a level for every surrender level and Vichy choice,
    with no negative entry."""
    p = Proof()
    level, vichy = p.int("level"), p.bool("vichy")
    p.assume("domain", z3.And(level >= -spec.LEVEL_LIMIT, level <= spec.LEVEL_LIMIT))
    free = rules.free_french_level(level, vichy, t)
    vich = rules.vichy_level(level, vichy, t)
    covered = z3.And(
        in_domain(t.free_french[True], level),
        in_domain(t.free_french[False], level),
        in_domain(t.vichy, level),
    )
    cells = [getattr(f, name) >= 0 for f in (free, vich) for name in FORCE_FIELDS]
    outcome = p.prove(z3.And(covered, *cells))
    return _result(
        "force_tables_total",
        ("58.621", "58.631"),
        outcome,
        "every level -3..+3 has a row in each table, none negative",
        "a level has no row, or a cell is negative",
    )


def forces_match_published(t: Tables) -> Result:
    """58.621, 58.631: the tables in use equal the published ones, cell for cell."""
    p = Proof()
    level, vichy = p.int("level"), p.bool("vichy")
    p.assume("domain", z3.And(level >= -spec.LEVEL_LIMIT, level <= spec.LEVEL_LIMIT))
    free = rules.free_french_level(level, vichy, t)
    vich = rules.vichy_level(level, vichy, t)
    claims = []
    for i, name in enumerate(FORCE_FIELDS):
        published_ff = z3.If(
            vichy,
            lookup({k: v[i] for k, v in spec.FREE_FRENCH_WITH_VICHY.items()}, level),
            lookup({k: v[i] for k, v in spec.FREE_FRENCH_WITHOUT_VICHY.items()}, level),
        )
        published_v = z3.If(vichy, lookup({k: v[i] for k, v in spec.VICHY.items()}, level), 0)
        claims += [getattr(free, name) == published_ff, getattr(vich, name) == published_v]
    outcome = p.prove(z3.And(*claims))
    return _result(
        "forces_match_published",
        ("58.621", "58.631"),
        outcome,
        "every cell equals the published table",
        "a cell differs from the published table",
    )


def naval_allocation_conserves(t: Tables) -> Result:
    """58.611, 58.641-58.643: for every kind and every number of ships, Free French + Vichy +
    removed equals what existed, the Free French are served first, and neither side exceeds
    its table level."""
    p = Proof()
    amounts = [p.int(n) for n in ("british", "movable", "contested", "vichy_ports", "stranded")]
    free_level, vichy_level = p.int("free_french_level"), p.int("vichy_level")
    from_contested = p.int("contested_taken")
    p.assume(
        "domain", z3.And(*(x >= 0 for x in (*amounts, free_level, vichy_level, from_contested)))
    )
    british, movable, contested, vichy_ports, stranded = amounts
    split = rules.naval_split(
        british, movable, contested, vichy_ports, stranded, free_level, vichy_level, from_contested
    )
    free, vich, removed = (
        p.define("58.641", n, v)
        for n, v in zip(("free_french", "vichy", "removed"), split, strict=True)
    )
    beyond_british = free - z3.If(british < free, british, free)
    p.assume(
        "58.641",
        z3.And(
            from_contested <= contested,
            from_contested <= beyond_british,
            beyond_british - from_contested <= movable,
        ),
    )
    reachable = british + movable + contested
    first = z3.If(free_level < reachable, free_level, reachable)
    outcome = p.prove(
        z3.And(
            free + vich + removed == z3.Sum(amounts),
            free >= 0,
            vich >= 0,
            removed >= 0,
            free <= free_level,
            vich <= vichy_level,
            free == first,
        )
    )
    return _result(
        "naval_allocation_conserves",
        ("58.611", "58.641", "58.642", "58.643"),
        outcome,
        "ships are conserved, the Free French served first, no side over its level",
        "ships appear, vanish, or a side gets more than its level",
    )


def level_feeds_force_tables(t: Tables) -> Result:
    """58.22 into 58.6: every level the clamp can give has a row in the force tables."""
    p = Proof()
    raw = p.int("raw")
    limit = t.rules.level.limit
    level = p.define("58.22", "level", z3.If(raw > limit, limit, z3.If(raw < -limit, -limit, raw)))
    outcome = p.prove(
        z3.And(
            in_domain(t.free_french[True], level),
            in_domain(t.free_french[False], level),
            in_domain(t.vichy, level),
        )
    )
    return _result(
        "level_feeds_force_tables",
        ("58.22", "58.621", "58.631"),
        outcome,
        "the range of the clamped level lies within the tables' rows",
        "the clamp gives a level the force tables have no row for",
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
        (colony_status_follows_58_53, ("58.531", "58.532", "58.533", "58.534")),
        (force_tables_total, ("58.621", "58.631")),
        (forces_match_published, ("58.621", "58.631")),
        (naval_allocation_conserves, ("58.611", "58.641", "58.642", "58.643")),
        (level_feeds_force_tables, ("58.22", "58.621", "58.631")),
    )
)
"""Rule 58's invariants in the order they run, each with the rule numbers it concerns
(the same numbers its results give)."""
