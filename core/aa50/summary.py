"""What a game of France as a special neutral means to a reader: the French territories and
ships, the standing rules as they apply now, the actions open, the exact odds of the ship
dice, the moves made and the units removed; the rules in our own words; and what odds and
fates are given for."""

from __future__ import annotations

from armistice.core.aa50 import rules
from armistice.core.aa50.procedure import ACTIONS, turn_decision
from armistice.core.aa50.scenario import Aa50Scenario
from armistice.core.aa50.state import Aa50State, ShipState
from armistice.core.aa50.words import INVASION, LIBERATION, NEUTRAL, OCCUPATION, Fate
from armistice.core.summary import Row, Section, Summary
from armistice.core.turns import STOP
from armistice.core.words import counted

TITLE = "Axis & Allies Anniversary: France as a special neutral"


STATUS_RULE = {
    Fate.FRENCH: NEUTRAL,
    Fate.FREE_FRENCH: OCCUPATION,
    Fate.CAPTURED: INVASION,
    Fate.LIBERATED: LIBERATION,
    Fate.SCUTTLED: INVASION,
    Fate.SUNK: INVASION,
    Fate.OTHER: NEUTRAL,
}
"""The part of the house rule each status of a territory or fate of a ship comes from."""
ALLIED_SHIP = "France's (Allied)"
"""A ship of liberated France: an Allied power's unit, no longer a neutral French ship."""


def france_status(s: Aa50Scenario, t: Aa50State) -> tuple[str, str]:
    """France's status now, in a few words, and the part of the house rule it comes from:
    an Allied power after liberation (§4), occupied this turn by an Axis power (§3), all
    its territories taken, hostile to the powers invading it this turn (§2), or neutral
    (§1), with how many of its territories are taken when some are."""
    left = rules.french(t)
    if t.france_active:
        holder = t.territories[s.paris].controller
        if not rules.paris_allied(s, t):
            return f"an Allied power; Paris held by {s.label(holder)}", LIBERATION
        return "an Allied power", LIBERATION
    if t.occupation is not None:
        return f"occupied by {s.label(t.occupation.power)} this turn", OCCUPATION
    if not left and t.occupied:
        return f"occupied by {s.label(t.occupied)} this turn: no territory left neutral", OCCUPATION
    if not left:
        return "occupied: no territory left neutral", OCCUPATION
    taken = len(s.french) - len(left)
    part = (
        f"; {taken} of {counted(len(s.french), 'territory', 'territories')} taken" if taken else ""
    )
    hostile = rules.hostile_to(s, t)
    if hostile:
        names = ", ".join(s.label(p) for p in hostile)
        return f"neutral, hostile to {names} this turn (invasion){part}", INVASION
    return f"neutral (special neutral){part}", NEUTRAL


def _standing(s: Aa50Scenario, t: Aa50State) -> tuple[Row, ...]:
    """The standing rules as they apply now: the neutral ones while France is neutral, and
    after liberation that they no longer apply (save to territories still neutral)."""
    status, rule = france_status(s, t)
    left = rules.french(t)
    if t.france_active:
        neutral = "no longer apply: France moves and fights as an Allied power"
        if left:
            still = ", ".join(s.called(k) for k in left)
            neutral += f"; its units in territories still neutral never move ({still})"
    elif left or rules.neutral_ships(t):
        neutral = "never move nor attack; ships in port never block a sea zone"
    else:
        neutral = "none left: every French territory and ship is taken"
    hostile = rules.hostile_to(s, t)
    return (
        Row("France", status, rule),
        Row("Neutral French units", neutral, LIBERATION if t.france_active else NEUTRAL),
        Row(
            "The French fight",
            ", ".join(s.label(p) for p in hostile) or "nobody",
            LIBERATION if t.france_active else INVASION,
        ),
        Row("Turn order", ", ".join(s.label(p) for p in t.turn_order), LIBERATION),
        Row("Occupation", _occupation(s, t), OCCUPATION),
        Row(
            "France's income",
            f"{rules.france_income(s, t)} IPCs to {s.label(t.income_to)}"
            if t.france_active
            else "none: France is not a power until liberated",
            LIBERATION,
        ),
    )


def _occupation(s: Aa50Scenario, t: Aa50State) -> str:
    """The occupation of this turn: declared (settled after combat), settled, or none."""
    if t.occupation is not None:
        return f"{s.label(t.occupation.power)}, this turn: declared, settled after combat"
    if t.occupied:
        return f"{s.label(t.occupied)}, this turn: settled"
    return "none this turn"


def _parts(rows: tuple[Row, ...], default: str) -> str:
    """The parts of the house rule ``rows`` cite, in order ("§2, §3"); ``default`` (the
    part a section is about) when there is no row."""
    return ", ".join(sorted({r.rule for r in rows})) or default


def summarize(s: Aa50Scenario, t: Aa50State, _tables: object = None) -> Summary:
    """The territories, ships, standing rules, open actions, ship dice, moves and removals."""
    territories = tuple(
        Row(
            s.called(k),
            t.territories[k].status.short,
            t.territories[k].rule or STATUS_RULE[t.territories[k].status],
            cells=(s.label(t.territories[k].controller), s.units_named(t.territories[k].units)),
        )
        for k in s.french
    )
    ships = tuple(
        Row(
            sh.name,
            ALLIED_SHIP if t.ships[k].allied else t.ships[k].fate.short,
            t.ships[k].rule or (LIBERATION if t.ships[k].allied else STATUS_RULE[t.ships[k].fate]),
            cells=(
                sh.kind,
                s.called(t.ships[k].at),
                s.label(t.ships[k].by) if t.ships[k].by else "-",
            ),
        )
        for k, sh in s.ships.items()
    )
    decision = turn_decision(s, t, f"action.{t.actions + 1}")
    cited = {a.key: a.rule for a in ACTIONS}
    open_ = tuple(
        Row(o.label, f"action.{t.actions + 1}={o.value}", cited.get(o.value, NEUTRAL))
        for o in decision.options
        if o.enabled and o.value != STOP
    )
    dice: list[Row] = []
    neutral = rules.neutral_ships(t)
    for zone, port in dict.fromkeys((t.ships[k].at, s.ships[k].port) for k in neutral):
        # One capture rolls for the ships based at that territory's port only.
        here = [k for k in neutral if (t.ships[k].at, s.ships[k].port) == (zone, port)]
        for n, p in rules.captured_odds(len(here)).items():
            label = (
                f"{s.called(zone)}, {s.called(port)}'s port: {n} of {counted(len(here), 'ship')}"
            )
            dice.append(Row(label, str(p), INVASION))
    moves = tuple(Row(f"#{i + 1}", line, NEUTRAL) for i, line in enumerate(t.moves))
    removed = tuple(
        Row(f"#{i + 1}", f"{s.unit_name(r.unit)} in {s.called(r.place)}", r.rule)
        for i, r in enumerate(t.removed)
    )
    status, _ = france_status(s, t)
    standing = _standing(s, t)
    return Summary(
        TITLE,
        (
            ("Round", str(t.round)),
            ("Turn", s.label(t.power)),
            ("Phase", t.phase.label),
            ("France", status),
        ),
        (
            Section(
                "territories",
                "French territories",
                _parts(territories, NEUTRAL),
                ("Territory", "Status", "Held by", "Units"),
                territories,
                "none",
                "Territories",
            ),
            Section(
                "ships",
                "French ships",
                _parts(ships, NEUTRAL),
                ("Ship", "Fate", "Kind", "Sea zone", "Captor"),
                ships,
                "none",
                "Ships",
            ),
            Section(
                "standing",
                "Standing rules now",
                _parts(standing, NEUTRAL),
                ("", "Now"),
                standing,
                tab="Rules",
            ),
            Section(
                "open",
                "Actions open now",
                _parts(open_, NEUTRAL),
                ("Action", "Command: --decide"),
                open_,
                "none",
                "Actions",
            ),
            Section(
                "dice",
                "Ships captured if an Axis warship is there when their port is taken",
                INVASION,
                ("Ships captured", "Chance"),
                tuple(dice),
                "no French ship at stake",
                "Odds",
            ),
            Section("moves", "Moves", _parts(moves, NEUTRAL), ("", "Move"), moves, "no move yet"),
            Section(
                "removed",
                "Units removed from play",
                _parts(removed, OCCUPATION),
                ("", "Unit"),
                removed,
                "none",
                "Removed",
            ),
        ),
    )


def rules_help(_tables: object = None) -> str:
    """The house rule in our own words."""
    return f"""## {TITLE}

armistice numbers the house rule's parts: §1 France as a neutral, §2 invasion, §3
occupation, §4 liberation.

France holds southern France, some colonies and most of its fleet as a neutral. French
units never move nor attack; French ships lie in port and never block a sea zone. The
Axis may cross French territory in non-combat movement, not in combat movement (its
aircraft may fly over).

An Allied power may declare an invasion at the start of its combat move: every French
unit turns hostile to it and defends (an Axis player rolls their dice). Once a territory
is captured, the French ships based at its port go to the invader if their sea zone is
empty or holds only Allied units; if an Axis surface warship is there, an Axis die per
ship: 1 captured, anything else scuttled. A captured ship is its captor's unit in its sea
zone from then on. A territory is fought over once in a combat phase; after a failed
attack the attacker's units there retreat or are lost. After the non-combat move France is
neutral again.

An Axis power may declare an occupation at the start of its combat move: it may enter any
French territory and the French do not defend. After combat, a French territory holding an
Axis land unit is captured and its French units removed; every other one joins Free France
under British control; every French ship meets its fate as above.

When the British turn starts with Paris held by the Allies, France gets a turn of its own
for good, played by the British player, with French markers on the initially French
territories the Allies hold; its remaining ships are France's units. From then on France
is an Allied power like the others: while the enemy holds Paris again, the Allies hold
the French territories they take and France collects no income; once Paris is France's
again, France takes those territories back from its allies.

Battles are fought on the board: armistice asks for their results and losses (at sea
too), and for what a sea zone holds when a fleet's fate depends on it. It does not count
movement points nor track transports: a land unit never enters a sea zone here, and a
territory taken from the sea may name the kind of unit that landed.
"""


def _ship_fate(ship: ShipState) -> Fate:
    """A ship's fate as a reader counts it: liberated France's ships are France's (§4),
    no longer neutral French ones."""
    return Fate.LIBERATED if ship.allied else ship.fate


def outcome(t: Aa50State) -> tuple[tuple[str, str], ...]:
    """Each French ship's fate (``liberated`` for liberated France's own) and each
    initially French territory's status now (the only territories whose status is not
    ``other``)."""
    return (
        *((f"ship:{k}", _ship_fate(sh).value) for k, sh in t.ships.items()),
        *(
            (f"territory:{k}", a.status.value)
            for k, a in t.territories.items()
            if a.status is not Fate.OTHER
        ),
    )


def entities(s: Aa50Scenario) -> tuple[str, ...]:
    """``ship:KEY`` for each French ship and ``territory:KEY`` for each initially French
    territory."""
    return (*(f"ship:{k}" for k in s.ships), *(f"territory:{k}" for k in s.french))


def fates(s: Aa50Scenario, t: Aa50State) -> dict[str, Fate]:
    """Each French ship's fate and each initially French territory's status now."""
    out: dict[str, Fate] = {f"ship:{k}": _ship_fate(sh) for k, sh in t.ships.items()}
    out.update((f"territory:{k}", t.territories[k].status) for k in s.french)
    return out


def names(s: Aa50Scenario) -> dict[str, str]:
    """A reader's name for each outcome key."""
    out = {f"ship:{k}": sh.name for k, sh in s.ships.items()}
    out.update((f"territory:{k}", s.called(k)) for k in s.french)
    return out
