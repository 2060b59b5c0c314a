"""The arithmetic of the Vichy France diplomatic table, written once for ints and z3 terms
(:mod:`armistice.core.logic`): the modifiers that count things, the modified result and the
row it reads. verify evaluates these very functions on symbolic inputs."""

from __future__ import annotations

from armistice.core.awaw.vichy.tables import Tables
from armistice.core.logic import Bool, Num, and_, as_int, band_index, clamp, floor_div, ite, or_


def factor_modifier(factors: Num, t: Tables) -> Num:
    """1 for every full ``factor_step`` factors (5), rounded down; unsigned."""
    return floor_div(factors, t.modifiers.factor_step)


def unbuilt_modifier(units: Num, t: Tables) -> Num:
    """``unbuilt_unit`` (1) for each unbuilt Vichy air, armor or infantry unit; unsigned."""
    return units * t.modifiers.unbuilt_unit


def landing_modifier(continent: Bool, france: Bool, add_up: bool, t: Tables) -> Num:
    """U.S./British armor or infantry landed on the continent outside France (-1) and in
    France (-2); with both, -3 if ``add_up`` (awaw.vichy.landings_add_up) else -2."""
    m = t.modifiers
    both = and_(continent, france)
    apart = as_int(continent) * m.landing_continent + as_int(france) * m.landing_france
    return ite(both, m.landing_france + (m.landing_continent if add_up else 0), apart)


def level_modifier(level: Num, t: Tables) -> Num:
    """-1 for a negative French surrender level, +1 for a positive one, 0 at 0."""
    m = t.modifiers
    return ite(level < 0, m.fsl_negative, ite(level > 0, m.fsl_positive, 0))


def axis_bases_modifier(malta: Bool, suez_or_alexandria: Bool, gibraltar: Bool, t: Tables) -> Num:
    """+1 each for Axis control of Malta, of Suez or Alexandria (one for either), and of
    Gibraltar: at most +3."""
    m = t.modifiers
    return (
        as_int(malta) * m.axis_malta
        + as_int(suez_or_alexandria) * m.axis_suez_or_alexandria
        + as_int(gibraltar) * m.axis_gibraltar
    )


def usat_modifier(usat: Num, t: Tables) -> Num:
    """+1 while the USAT level is below 25."""
    return ite(usat < t.modifiers.usat_limit, t.modifiers.usat_low, 0)


def modified(die: Num, total: Num, t: Tables) -> Num:
    """The die plus the table's base value (0) plus ``total``, the sum of the modifiers and
    net DPs; before any holding at the table's ends."""
    return die + t.ends.base + total


def in_table(result: Num, t: Tables) -> Bool:
    """Whether a modified result lies within the table's rows (-3..10)."""
    return and_(result >= t.ends.low, result <= t.ends.high)


def row_index(die: Num, total: Num, t: Tables, end_row: bool) -> Num:
    """The index of the row a die and modifier ``total`` read (0 is the -3 row). A result
    beyond the ends reads the end row if ``end_row`` (awaw.vichy.beyond_the_ends), else the
    row of continuing policies (3-4)."""
    m = modified(die, total, t)
    held = band_index(t.bands, clamp(m, t.ends.low, t.ends.high))
    continuing = t.continuing
    return ite(or_(end_row, in_table(m, t)), held, continuing)
