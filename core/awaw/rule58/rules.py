"""The arithmetic of rule 58, written once for concrete values and z3 terms.

Every function here takes ints and bools (or z3 terms standing for them)
and the rule tables, and uses only :mod:`core.logic` to branch, so verify/
proves properties of exactly these functions. Nothing here reads a scenario
or writes a log: :mod:`core.awaw.procedure` does that.
"""

from __future__ import annotations

from dataclasses import dataclass

from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Forces, Tables
from armistice.core.awaw.words import COLONY_STATUSES, ColonyStatus
from armistice.core.logic import (
    Bool,
    Num,
    as_int,
    band_index,
    clamp,
    floor_div,
    ite,
    lookup,
    max_,
    min_,
    sum_,
)


@dataclass(frozen=True)
class SurrenderFacts:
    """What 58.21 counts, as numbers and flags (concrete or symbolic).

    ``fleet_factors`` is the French fleet as 58.21C counts it (see
    :func:`counted_fleet`); ``turn`` is seasons after Spring 1940;
    ``net_dps`` is Axis minus Western Allied DPs in France after covert
    operations.
    """

    voluntary: Bool
    paris_axis: Bool
    lyon_axis: Bool
    marseilles_axis: Bool
    other_french_objectives: Num
    ground_factors: Num
    fleet_factors: Num
    turn: Num
    net_dps: Num
    cooperation: Bool


@dataclass(frozen=True)
class Term:
    """One modifier of the surrender level: ``rule`` (58.21A..F), ``label`` and ``value``."""

    rule: str
    label: str
    value: Num


def counted_fleet(full: Num, discounted: Num) -> Num:
    """58.21C: fleet factors as counted, ready factors plus half the pooled damaged
    and "2"/"Launch" row factors, rounded down. Factors in, factors out."""
    return full + floor_div(discounted, 2)


def fleet_modifier(fleet_factors: Num, t: Tables) -> Num:
    """58.21C: +1 per full ``fleet_step`` factors the counted fleet is below the baseline (never < 0)."""
    p = t.rules.level
    return floor_div(max_(0, p.fleet_baseline - fleet_factors), p.fleet_step)


def ground_modifier(ground_factors: Num, t: Tables) -> Num:
    """58.21B: -1 per full ``ground_step`` French ground factors in France."""
    return -floor_div(ground_factors, t.rules.level.ground_step)


def turn_modifier(turn: Num, t: Tables) -> Num:
    """58.21D: the modifier for the turn of surrender (seasons after Spring 1940).

    A turn that no band covers gives 0; verify proves the bands leave no gap.
    """
    bands = t.rules.turn
    index = band_index(tuple(b.bounds for b in bands), turn)
    return lookup({i: b.modifier for i, b in enumerate(bands)} | {-1: 0}, index)


def surrender_terms(f: SurrenderFacts, t: Tables) -> tuple[Term, ...]:
    """58.21: every modifier of the surrender level, A to F, then the voluntary one.

    A voluntary surrender (58.11B) zeroes A-F and sets the voluntary term, so
    the level is always the clamped sum of these terms.
    """
    p = t.rules.level
    normal = (
        Term("58.21A", "Paris held by the Axis", p.paris * as_int(f.paris_axis)),
        Term("58.21A", "Lyon held by the Axis", p.lyon * as_int(f.lyon_axis)),
        Term("58.21A", "Marseilles held by the Axis", p.marseilles * as_int(f.marseilles_axis)),
        Term(
            "58.21A", "Other objectives France holds", p.other_objective * f.other_french_objectives
        ),
        Term("58.21B", "French ground factors in France", ground_modifier(f.ground_factors, t)),
        Term(
            "58.21C",
            f"French fleet below {p.fleet_baseline} factors",
            fleet_modifier(f.fleet_factors, t),
        ),
        Term("58.21D", "Turn of surrender", turn_modifier(f.turn, t)),
        Term("58.21E", "Diplomatic points in France", f.net_dps),
        Term("58.21F", "Anglo-French cooperation 7+", p.cooperation * as_int(f.cooperation)),
    )
    terms = tuple(Term(x.rule, x.label, ite(f.voluntary, 0, x.value)) for x in normal)
    return (*terms, Term("58.21", "Voluntary surrender", p.voluntary * as_int(f.voluntary)))


def surrender_level(f: SurrenderFacts, t: Tables) -> tuple[Num, Num]:
    """58.21-58.22: ``(raw, level)``: the sum of the terms and that sum held within +/-limit."""
    raw = sum_(term.value for term in surrender_terms(f, t))
    limit = t.rules.level.limit
    return raw, clamp(raw, -limit, limit)


def colony_modified_roll(die: Num, level: Num, vichy: Bool, t: Tables) -> Num:
    """58.531: the colonial die plus the surrender level, plus the bonus if Vichy was established."""
    return die + level + t.rules.colony_roll.vichy_bonus * as_int(vichy)


def colony_result(modified: Num, t: Tables) -> Num:
    """58.531: the status code (index into COLONY_STATUSES) the result table gives a modified roll.

    A roll no band covers gives -1; verify proves the bands leave no gap.
    """
    rows = t.rules.colony_result
    index = band_index(tuple(r.bounds for r in rows), modified)
    codes = {i: COLONY_STATUSES.index(ColonyStatus(r.status)) for i, r in enumerate(rows)}
    return lookup(codes | {-1: -1}, index)


def colony_status(result: Num, vichy: Bool) -> Num:
    """58.531-58.532: the final status code (index into COLONY_STATUSES) of a colony France
    holds at surrender, from its :func:`colony_result` code: the die's result, where Vichy
    becomes independent if Vichy France was not established (58.532A). Colonies the Axis or
    Britain hold (58.533, 58.534) are settled by :func:`armistice.core.awaw.rule58.colonies.roll_colonies`
    without a die."""
    vi, ind = (COLONY_STATUSES.index(s) for s in (ColonyStatus.VICHY, ColonyStatus.INDEPENDENT))
    return ite(result == vi, ite(vichy, vi, ind), result)


def free_french_level(level: Num, vichy: Bool, t: Tables) -> Forces:
    """58.621: the Free French force level for a surrender level and the Vichy choice."""
    return Forces(
        **{
            name: ite(
                vichy,
                lookup({k: getattr(v, name) for k, v in t.free_french[True].items()}, level),
                lookup({k: getattr(v, name) for k, v in t.free_french[False].items()}, level),
            )
            for name in FORCE_FIELDS
        }
    )


def vichy_level(level: Num, vichy: Bool, t: Tables) -> Forces:
    """58.631: the Vichy force level; nothing when Vichy France was not established."""
    return Forces(
        **{
            name: ite(vichy, lookup({k: getattr(v, name) for k, v in t.vichy.items()}, level), 0)
            for name in FORCE_FIELDS
        }
    )


def naval_split(
    british: Num,
    movable: Num,
    contested: Num,
    vichy_ports: Num,
    stranded: Num,
    free_french_level: Num,
    vichy_level: Num,
    contested_taken: Num,
) -> tuple[Num, Num, Num]:
    """58.611, 58.641-58.643: ``(free_french, vichy, removed)`` for one kind of French ship.

    Amounts are units (named ships, cruisers) or factors (destroyers).
    ``british``: in British-controlled ports; ``movable``: in ports only the
    Free French may draw from once those run out; ``contested``: in Vichy
    colony ports the Free French may also draw from (awaw.free_french_from_vichy_colonies),
    of which they took ``contested_taken``; ``vichy_ports``: in other
    Vichy-controlled ports; ``stranded``: anywhere else, or not eligible.
    The Free French are served first and take British-port ships first; the
    Vichy take their own ports' ships, then what is left in British ports.
    Whatever neither takes, and every shortfall, is lost.

    ``contested_taken`` is held within what the Free French can have taken from
    contested ports: at most the contested ships and their ships beyond British ports,
    at least those beyond British ports that movable ships cannot make up. So no ship
    is counted twice or made from nothing, whatever is passed.
    """
    free_french = min_(free_french_level, british + movable + contested)
    beyond_british = free_french - min_(british, free_french)
    fewest = max_(0, beyond_british - movable)
    taken = min_(max_(contested_taken, fewest), min_(contested, beyond_british))
    british_left = british - min_(british, free_french)
    vichy = min_(vichy_level, vichy_ports + contested - taken + british_left)
    removed = british + movable + contested + vichy_ports + stranded - free_french - vichy
    return free_french, vichy, removed


def conquest_value(brp_base: Num, t: Tables) -> Num:
    """58.71: France's BRP value as a conquest: the BRP base less the key areas' BRPs."""
    return brp_base - t.rules.brp.key_areas_deduction


def vichy_value(colony_brps: Num, t: Tables) -> Num:
    """58.31A: Vichy France's BRPs: its own value plus its colonies'."""
    return t.rules.brp.vichy_value + colony_brps


def prorated(value: Num, seasons_left: Num) -> Num:
    """One quarter of ``value`` (BRPs) per season left before the next YSS, rounded down."""
    return floor_div(value * seasons_left, 4)
