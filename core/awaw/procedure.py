"""Rule 58 as a procedure: it runs the rules in order and asks for what it needs.

:func:`resolve` is a generator: it yields a prompt (the Vichy decision, a
colonial die, a choice of ships) and is sent the checked answer. Every step
updates ``ledger.state`` and writes log entries with their rule numbers.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from functools import cache

import msgspec

from core.awaw import rules
from core.awaw.model import (
    COLONY_STATUSES,
    FORCE_FIELDS,
    FRANCE,
    ColonyControl,
    ColonyStatus,
    Condition,
    Control,
    Forces,
    Region,
    ShipKind,
    UnitKind,
)
from core.awaw.scenario import AwawScenario, Ship
from core.awaw.state import (
    Brp,
    ColonyRoll,
    FallOfFrance,
    Fate,
    Fleet,
    KeyAreaHolding,
    Modifier,
    SurrenderLevel,
)
from core.awaw.tables import Tables, shipped
from core.dice import D6
from core.ledger import Ledger, LogEntry
from core.memo import per_scenario
from core.prompts import (
    AnswerValue,
    Decision,
    Option,
    Prompt,
    Roll,
    RollOutcome,
    Selection,
    SelectionItem,
    Side,
)

Steps = Generator[Prompt, AnswerValue, None]
SIDES = ("free_french", "vichy")
_COLONY_HOLDER = {
    ColonyStatus.FREE_FRENCH: "british",
    ColonyStatus.VICHY: "vichy",
    ColonyStatus.AXIS: "axis",
    ColonyStatus.INDEPENDENT: "neutral",
}
_SHIP_FIELD = {
    ShipKind.NAMED: "named_ships",
    ShipKind.CRUISER: "cruisers",
    ShipKind.DESTROYER: "destroyer_factors",
}
_SHIP_KEY = {
    ShipKind.NAMED: "named_ships",
    ShipKind.CRUISER: "cruisers",
    ShipKind.DESTROYER: "destroyers",
}
_SHIP_WORDS = {
    ShipKind.NAMED: "named ships",
    ShipKind.CRUISER: "cruisers",
    ShipKind.DESTROYER: "destroyer factors",
}


def resolve(s: AwawScenario, ledger: Ledger[FallOfFrance]) -> Steps:
    """Resolve rule 58 for scenario ``s``, from the surrender to the BRPs (58.1-58.7)."""
    t = shipped()
    level = surrender(s, ledger, t)
    vichy = yield from establish_vichy(s, ledger)
    hexes(s, ledger, vichy)
    minors(s, ledger)
    yield from colonies(s, ledger, t, level, vichy)
    conquests(s, ledger, vichy)
    units(s, ledger, vichy)
    force_levels(s, ledger, t, level, vichy)
    yield from fleet(s, ledger, vichy)
    brps(s, ledger, t, vichy)


def _update(ledger: Ledger[FallOfFrance], **changes: object) -> None:
    ledger.state = msgspec.structs.replace(ledger.state, **changes)


def surrender(s: AwawScenario, ledger: Ledger[FallOfFrance], t: Tables) -> int:
    """58.1-58.22: why France falls, and the surrender level with every modifier."""
    level, entries = _surrender(s, t, *(ledger.assume(k) for k in _LEVEL_ASSUMPTIONS))
    ledger.log.extend(entries)
    _update(ledger, surrender_level=level)
    return level.value


_LEVEL_ASSUMPTIONS = ("awaw.fleet_discount", "awaw.corsica_ground_factors")


@per_scenario
def _surrender(
    s: AwawScenario, t: Tables, fleet_discount: str, corsica: str
) -> tuple[SurrenderLevel, tuple[LogEntry, ...]]:
    log: list[LogEntry] = []
    if s.surrender.voluntary:
        log.append(LogEntry("58.11B", f"France chooses to surrender in {_turn(s)}"))
    else:
        log.append(
            LogEntry(
                "58.11A",
                f"France falls: the Axis holds Paris at the end of the Allied player turn, {_turn(s)}",
            )
        )
    log.append(
        LogEntry(
            "58.12",
            "The surrender is resolved now; French units may still be lost to "
            "isolation, but none may be built or redeployed",
        )
    )
    full, discounted, building = _fleet_factors(s.fleet)
    if fleet_discount == "pooled":
        counted = rules.counted_fleet(sum(full), sum(discounted))
    else:
        counted = sum(full) + sum(rules.counted_fleet(0, f) for f in discounted)
    ground = _ground_factors(s, corsica == "included")
    ter = s.territory
    facts = rules.SurrenderFacts(
        voluntary=s.surrender.voluntary,
        paris_axis=ter.paris is Control.AXIS,
        lyon_axis=ter.lyon is Control.AXIS,
        marseilles_axis=ter.marseilles is Control.AXIS,
        other_french_objectives=len(ter.other_french_objectives),
        ground_factors=ground,
        fleet_factors=counted,
        turn=s.turn,
        net_dps=s.diplomacy.net,
        cooperation=s.surrender.anglo_french_cooperation,
    )
    d = s.diplomacy
    basis = (
        _holder(ter.paris),
        _holder(ter.lyon),
        _holder(ter.marseilles),
        ", ".join(ter.other_french_objectives) or "none",
        f"{ground} factors",
        f"{counted} counted: {sum(full)} full, {sum(discounted)} at half, {sum(building)} building",
        _turn(s),
        f"Axis {d.axis_dps - d.axis_dps_cancelled} - Allies "
        f"{d.allied_dps - d.allied_dps_cancelled}",
        "achieved" if s.surrender.anglo_french_cooperation else "not achieved",
        "yes" if s.surrender.voluntary else "no",
    )
    terms = rules.surrender_terms(facts, t)
    modifiers = tuple(
        Modifier(term.rule, term.label, term.value, why)
        for term, why in zip(terms, basis, strict=True)
    )
    raw, value = (int(x) for x in rules.surrender_level(facts, t))
    used = {
        "58.21B": f"awaw.corsica_ground_factors={corsica}",
        "58.21C": f"awaw.fleet_discount={fleet_discount}",
    }
    for m in modifiers:
        if m.value or not s.surrender.voluntary:
            log.append(
                LogEntry(m.rule, f"{m.label}: {m.value:+d} ({m.basis})", used.get(m.rule, ""))
            )
    if raw != value:
        log.append(
            LogEntry("58.22", f"The modifiers add up to {raw:+d}; the level stops at {value:+d}")
        )
    log.append(LogEntry("58.2", f"French surrender level: {value:+d}"))
    return SurrenderLevel(value, raw, modifiers, s.surrender.voluntary), tuple(log)


def establish_vichy(
    s: AwawScenario, ledger: Ledger[FallOfFrance]
) -> Generator[Prompt, AnswerValue, bool]:
    """58.31: the Axis decides whether to establish Vichy France, unless the U.S. is at war."""
    if s.surrender.us_at_war_with_germany:
        ledger.note(
            "58.31", "Vichy France cannot be established: the U.S. and Germany are already at war"
        )
        vichy = False
    else:
        answer = yield Decision(
            key="establish_vichy",
            side=Side.AXIS,
            label="Establish Vichy France?",
            rule="58.31",
            options=(
                Option("yes", "Establish Vichy France"),
                Option("no", "Do not establish Vichy France"),
            ),
            default="yes",
            help="Vichy makes southern France and Corsica a neutral minor worth 20 BRPs plus "
            "its colonies, gives +3 to the colonial dice and shrinks the Free French. "
            "Without it the Axis take all of France and Vichy's 20 BRPs, and colonies "
            "that would have gone Vichy become independent.",
        )
        vichy = answer == "yes"
    if vichy:
        ledger.note(
            "58.31A",
            "Vichy France is established: southern France and Corsica become "
            "a neutral minor country",
        )
    elif not s.surrender.us_at_war_with_germany:
        ledger.note(
            "58.31B",
            "Vichy France is not established: the Axis take every hex of "
            "France and Corsica and Vichy's BRPs, but not those of would-be Vichy colonies",
        )
    _update(ledger, vichy_established=vichy)
    return vichy


def hexes(s: AwawScenario, ledger: Ledger[FallOfFrance], vichy: bool) -> None:
    """58.41, 58.411: who holds the formerly French hexes of France and Corsica."""
    if s.surrender.us_at_war_with_germany:
        held = {r.value: "british" for r in (*FRANCE, Region.CORSICA)}
        ledger.note(
            "58.411",
            "The U.S. is at war with Germany: every French-held hex of France "
            "and Corsica passes to Britain; hexes the Axis hold stay Axis",
        )
    else:
        south = "vichy" if vichy else "axis"
        held = {
            Region.NORTHERN_FRANCE.value: "axis",
            Region.SOUTHERN_FRANCE.value: south,
            Region.CORSICA.value: south,
        }
        ledger.note(
            "58.41",
            "Every hex of France outside Vichy France passes to the Axis"
            + ("; Vichy France is held by neither side (58.633)" if vichy else ""),
        )
    _update(ledger, hexes=held)


def minors(s: AwawScenario, ledger: Ledger[FallOfFrance]) -> None:
    """58.51: French minor allies and associated minors pass to Britain."""
    for name in s.french_minors:
        ledger.note("58.51", f"{name} becomes a British minor country")
    _update(ledger, minors=dict.fromkeys(s.french_minors, "british"))


def colonies(
    s: AwawScenario, ledger: Ledger[FallOfFrance], t: Tables, level: int, vichy: bool
) -> Generator[Prompt, AnswerValue, None]:
    """58.53: one die per colony group; colonies the Axis or Britain hold are not rolled for."""
    statuses: dict[str, ColonyStatus] = {}
    rolled: list[ColonyRoll] = []
    for group in t.groups.values():
        members = [c for c in t.colonies.values() if c.group == group.id]
        open_ = []
        for colony in members:
            control = s.colonies[colony.id].control
            if control is ColonyControl.AXIS:
                statuses[colony.id] = ColonyStatus.AXIS
                ledger.note(
                    "58.533",
                    f"{colony.name} is held by the Axis: no die; it stays an "
                    "Axis conquest until the Allies take it",
                )
            elif control is ColonyControl.BRITISH:
                statuses[colony.id] = ColonyStatus.FREE_FRENCH
                ledger.note(
                    "58.534", f"{colony.name} is held by Britain: no die; it becomes Free French"
                )
            else:
                open_.append(colony)
        if not open_:
            continue
        by_face, outcomes = _colony_faces(t, level, vichy)
        die = yield Roll(
            key=f"colony_roll.{group.id}",
            label=f"{group.name} colonial die",
            rule="58.531",
            dice=D6,
            outcomes=outcomes,
            side=Side.ALLIES,
            help=f"The die is modified by the surrender level ({level:+d})"
            + (f" and +{t.rules.colony_roll.vichy_bonus} for Vichy" if vichy else "")
            + "; 3 or lower goes Free French, 4 or higher Vichy.",
        )
        assert isinstance(die, int)
        modified = rules.colony_modified_roll(die, level, vichy, t)
        result = by_face[die]
        rolled.append(
            ColonyRoll(
                group.id,
                group.name,
                tuple(c.id for c in open_),
                die,
                level,
                t.rules.colony_roll.vichy_bonus if vichy else 0,
                modified,
                result,
            )
        )
        ledger.note("58.531", f"{group.name}: die {die}, modified to {modified}: {_status(result)}")
        for colony in open_:
            statuses[colony.id] = result
            if result is ColonyStatus.INDEPENDENT:
                ledger.note(
                    "58.532A",
                    f"{colony.name} throws off French rule: an independent "
                    f"neutral minor with one {t.rules.independent.garrison} in "
                    f"{colony.capital}; attacking it takes a 10-BRP declaration of war",
                )
            elif result is ColonyStatus.FREE_FRENCH:
                ledger.note(
                    "58.531A",
                    f"{colony.name} is Free French: its hexes pass to Britain "
                    "(Axis-held hexes stay Axis); Britain gets its BRPs next turn",
                )
        _update(
            ledger,
            colony_rolls=tuple(rolled),
            colonies={c: statuses[c] for c in t.colonies if c in statuses},
        )
    _update(ledger, colonies={c: statuses[c] for c in t.colonies})


@cache
def _colony_faces(
    t: Tables, level: int, vichy: bool
) -> tuple[dict[int, ColonyStatus], tuple[RollOutcome, ...]]:
    """Each die face's status for a French-held colony, and the faces grouped by status."""
    by_face = {}
    for face in D6.faces():
        modified = rules.colony_modified_roll(face, level, vichy, t)
        result = rules.colony_result(modified, t)
        if result < 0:
            raise ValueError(
                f"the colonial result table has no row for a modified roll of {modified}"
            )
        by_face[face] = COLONY_STATUSES[rules.colony_status(rules.PRIOR_FRENCH, result, vichy)]
    outcomes = tuple(
        RollOutcome(label.value, tuple(f for f, v in by_face.items() if v is label))
        for label in dict.fromkeys(by_face.values())
    )
    return by_face, outcomes


def conquests(s: AwawScenario, ledger: Ledger[FallOfFrance], vichy: bool) -> None:
    """58.52: French conquests pass to the Axis unless held for or near the Free French."""
    status = ledger.state.colonies
    held: dict[str, str] = {}
    for c in s.conquests:
        free = [
            d for name, d in c.land_distance.items() if status[name] is ColonyStatus.FREE_FRENCH
        ]
        hostile = [d for name, d in c.land_distance.items() if status[name] is ColonyStatus.VICHY]
        if vichy and c.vichy_france_distance is not None:
            hostile.append(c.vichy_france_distance)
        if c.british_ground_unit:
            held[c.name], why = "british", "a British ground unit holds it"
        elif free and (not hostile or min(free) < min(hostile)):
            held[c.name], why = (
                "british",
                (
                    f"it traces land supply to a Free French colony "
                    f"{min(free)} hexes away, nearer than any Vichy territory"
                ),
            )
        else:
            held[c.name], why = (
                "axis",
                "no British ground unit, and no Free French colony nearer "
                "by land than Vichy territory",
            )
        ledger.note(
            "58.52",
            f"{c.name} passes to {'Britain' if held[c.name] == 'british' else 'the Axis'}: {why}",
        )
    _update(ledger, conquests=held)


def _region_holder(region: Region, ledger: Ledger[FallOfFrance]) -> str:
    """Who holds a region's formerly French hexes or ports after the surrender."""
    state = ledger.state
    if region.value in state.hexes:
        return state.hexes[region.value]
    if region.value in state.colonies:
        return {
            ColonyStatus.FREE_FRENCH: "british",
            ColonyStatus.VICHY: "vichy",
            ColonyStatus.AXIS: "axis",
            ColonyStatus.INDEPENDENT: "neutral",
        }[state.colonies[region.value]]
    return "british" if region is Region.BRITISH else "elsewhere"


def units(s: AwawScenario, ledger: Ledger[FallOfFrance], vichy: bool) -> None:
    """58.41-58.43, 58.532B-C, 58.61: what happens to units in France and the colonies."""
    fates = []
    us_war = s.surrender.us_at_war_with_germany
    for u in s.units:
        holder = _region_holder(u.location, ledger)
        in_france = u.location in (*FRANCE, Region.CORSICA)
        colony = ledger.state.colonies.get(u.location.value)
        fate: Fate | None = None
        if u.nationality == "french":
            if holder == "british":
                fate = Fate(u.name, "remains", "58.61", "may be chosen as Free French (58.623)")
            else:
                fate = Fate(
                    u.name,
                    "removed",
                    "58.61",
                    "French units outside Free French and British-held places leave the board",
                )
        elif not u.nationality.axis:
            if in_france and us_war:
                fate = Fate(u.name, "remains", "58.411", "Allied units may stay in France")
            elif in_france and u.kind in (UnitKind.INFANTRY, UnitKind.ARMOR, UnitKind.AIRBASE):
                fate = Fate(
                    u.name,
                    "eliminated",
                    "58.41",
                    "Allied ground units and airbases in France are lost",
                )
            elif in_france and (
                holder != "vichy" or ledger.assume("awaw.allied_air_naval_in_vichy") == "displaced"
            ):
                fate = Fate(u.name, "displaced", "58.41", "to a British-controlled base")
            elif in_france:
                fate = Fate(u.name, "eliminated", "58.43", "caught in Vichy territory")
            elif colony is ColonyStatus.VICHY:
                fate = Fate(u.name, "eliminated", "58.43", "caught in a Vichy colony")
            elif colony is ColonyStatus.INDEPENDENT:
                fate = Fate(u.name, "eliminated", "58.532B", "caught in a newly independent colony")
        elif holder == "vichy":
            fate = Fate(
                u.name,
                "must_leave",
                "58.42",
                "must leave Vichy territory by the end of "
                "the next Axis player turn or be eliminated; no attacks from there",
            )
        elif colony is ColonyStatus.INDEPENDENT:
            fate = Fate(
                u.name,
                "must_leave",
                "58.532C",
                "in partial supply; must leave by the end "
                "of the next Axis player turn unless the Axis declare war; no attacks",
            )
        if fate is not None:
            assumption = (
                "awaw.allied_air_naval_in_vichy"
                if (
                    in_france
                    and fate.rule in ("58.41", "58.43")
                    and holder == "vichy"
                    and u.kind in (UnitKind.AIR, UnitKind.NAVAL)
                )
                else ""
            )
            ledger.note(
                fate.rule, f"{u.name}: {fate.fate.replace('_', ' ')} ({fate.note})", assumption
            )
            fates.append(fate)
    _update(ledger, units=tuple(fates))


def force_levels(
    s: AwawScenario, ledger: Ledger[FallOfFrance], t: Tables, level: int, vichy: bool
) -> None:
    """58.62-58.632: both force levels from the tables, ground and air as listed."""
    free, vich = _force_levels(t, level, vichy)
    ledger.note(
        "58.621",
        f"Free French force level at FSL {level:+d}, Vichy "
        f"{'established' if vichy else 'not established'}: {_forces(free)}",
    )
    if vichy:
        ledger.note("58.631", f"Vichy force level at FSL {level:+d}: {_forces(vich)}")
    else:
        ledger.note("58.631", "No Vichy forces: Vichy France was not established")
    kept = sum(
        u.factors
        for u in s.units
        if u.nationality == "french"
        and u.kind is UnitKind.INFANTRY
        and _region_holder(u.location, ledger) == "british"
    )
    ledger.note(
        "58.623",
        f"{kept} French infantry factors stand in Free French or British-held "
        f"places and may be kept, up to {free.infantry_factors}; the rest of the ground "
        "and air level joins the British force pool unbuilt",
    )
    garrisons: tuple[str, ...] = ()
    if vichy:
        g = t.rules.vichy_garrison
        garrisons = (
            g.city,
            *(
                t.colonies[c].capital
                for c, st in ledger.state.colonies.items()
                if st is ColonyStatus.VICHY
            ),
        )
        ledger.note(
            "58.632",
            f"One Vichy {g.unit} must hold each of: {', '.join(garrisons)}; "
            "the rest of the Vichy army and air force sets up in Vichy France",
        )
    _update(ledger, force_levels={"free_french": free, "vichy": vich}, vichy_garrisons=garrisons)


@cache
def _force_levels(t: Tables, level: int, vichy: bool) -> tuple[Forces, Forces]:
    return rules.free_french_level(level, vichy, t), rules.vichy_level(level, vichy, t)


_CATEGORIES = ("british", "movable", "vichy_ports", "stranded")


def _ship_source(ship: Ship, holder: str, may_sail: bool, from_france: bool) -> str:
    """58.641: where the Free French and Vichy may draw a ship from, as a naval_split category."""
    if ship.condition is Condition.BUILDING:
        return "stranded"
    if holder == "british":
        return "british"
    if holder == "vichy":
        return "vichy_ports"
    in_colony = ship.region not in (*FRANCE, Region.CORSICA)
    if may_sail and holder in ("axis", "neutral") and (in_colony or from_france):
        return "movable"
    return "stranded"


@per_scenario
def _fleet_plan(
    s: AwawScenario, holders: tuple[tuple[Region, str], ...], ship_range: str, sources: str
) -> tuple[dict[str, str], dict[ShipKind, list[Ship]], dict[ShipKind, dict[str, int]]]:
    """Each ship's source category, the ships of each kind, and each kind's amount per category."""
    held = dict(holders)
    source = {
        ship.id: _ship_source(
            ship, held[ship.region], ship_range == "in_range", sources == "any_axis_port"
        )
        for ship in s.fleet
    }
    ships = {kind: [x for x in s.fleet if x.kind is kind] for kind in ShipKind}
    amounts = {
        kind: {
            cat: sum(x.amount for x in ships[kind] if source[x.id] == cat) for cat in _CATEGORIES
        }
        for kind in ShipKind
    }
    return source, ships, amounts


def fleet(s: AwawScenario, ledger: Ledger[FallOfFrance], vichy: bool) -> Steps:
    """58.64: the Free French choose their ships first, then the Vichy; the rest are lost."""
    holders = tuple((region, _region_holder(region, ledger)) for region in Region)
    source, by_kind, amounts = _fleet_plan(
        s,
        holders,
        ledger.assume("awaw.free_french_ship_range"),
        ledger.assume("awaw.free_french_ship_sources"),
    )
    taken: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    levels = ledger.state.force_levels
    vichy_required: dict[ShipKind, int] = {}
    for kind in ShipKind:
        ships = by_kind[kind]
        amount = amounts[kind]
        field = _SHIP_FIELD[kind]
        free_n, vichy_required[kind], _ = rules.naval_split(
            amount["british"],
            amount["movable"],
            amount["vichy_ports"],
            amount["stranded"],
            getattr(levels["free_french"], field),
            getattr(levels["vichy"], field),
        )
        yield from _choose(
            ledger, "free_french", kind, ships, source, {"british": 0, "movable": 1}, free_n, taken
        )
    for kind in ShipKind if vichy else ():
        yield from _choose(
            ledger,
            "vichy",
            kind,
            by_kind[kind],
            source,
            {"vichy_ports": 0, "british": 1},
            vichy_required[kind],
            taken,
        )
    _settle_fleet(s, ledger, taken)


def _choose(
    ledger: Ledger[FallOfFrance],
    side: str,
    kind: ShipKind,
    ships: list[Ship],
    source: dict[str, str],
    tiers: dict[str, int],
    required: int,
    taken: dict[str, dict[str, int]],
) -> Steps:
    """One side's pick of one kind of ship: asked only when there is a real choice."""
    items = []
    for ship in ships:
        left = ship.amount - taken["free_french"].get(ship.id, 0) - taken["vichy"].get(ship.id, 0)
        if source[ship.id] in tiers and left > 0:
            tier = tiers[source[ship.id]]
            note = (
                ""
                if tier == 0
                else (
                    f"in {_where(ship)}: joins only if too few stand in "
                    f"{'British' if side == 'free_french' else 'Vichy'}-held ports (58.641)"
                )
            )
            items.append(SelectionItem(ship.id, _ship_label(ship), left, tier, note))
    who = "Free French" if side == "free_french" else "Vichy"
    items.sort(key=lambda i: i.tier)
    prompt = Selection(
        key=f"{side}.{_SHIP_KEY[kind]}",
        side=Side.ALLIES if side == "free_french" else Side.AXIS,
        label=f"{who} {_SHIP_WORDS[kind]}",
        rule="58.641",
        items=tuple(items),
        required=required,
        unit="factors" if kind is ShipKind.DESTROYER else "units",
        help=f"Choose {required} {_SHIP_WORDS[kind]} for the {who} fleet. Ships in "
        f"{'British' if side == 'free_french' else 'Vichy'}-held ports come first; the "
        "others sail over only to make up a shortfall.",
    )
    if 0 < required < prompt.capacity():
        choice = yield prompt
        assert isinstance(choice, dict)
    else:
        choice = prompt.default_answer()
        if required:
            ledger.note(
                "58.641",
                f"{who} {_SHIP_WORDS[kind]}: every eligible one joins, "
                f"{required} in all: " + ", ".join(_ship_label_by_id(items, choice)),
            )
    for ident, n in choice.items():
        taken[side][ident] = taken[side].get(ident, 0) + n


def _settle_fleet(
    s: AwawScenario, ledger: Ledger[FallOfFrance], taken: dict[str, dict[str, int]]
) -> None:
    removed = {}
    for ship in s.fleet:
        rest = ship.amount - sum(taken[side].get(ship.id, 0) for side in SIDES)
        if rest:
            removed[ship.id] = rest
    levels = ledger.state.force_levels
    forces: dict[str, Forces] = {}
    lost: dict[str, dict[str, int]] = {}
    by_id = {ship.id: ship for ship in s.fleet}
    for side in SIDES:
        got = {field: 0 for field in _SHIP_FIELD.values()}
        for ident, n in taken[side].items():
            got[_SHIP_FIELD[by_id[ident].kind]] += n
        level = levels[side]
        forces[side] = msgspec.structs.replace(level, **got)
        short = {f: getattr(level, f) - got[f] for f in got if getattr(level, f) > got[f]}
        if short:
            lost[side] = short
            ledger.note(
                "58.643",
                f"{'Free French' if side == 'free_french' else 'Vichy'} "
                f"shortfall, lost without substitute: "
                + ", ".join(f"{n} {f.replace('_', ' ')}" for f, n in short.items()),
            )
    if removed:
        ledger.note(
            "58.64",
            "French naval units in neither fleet leave play: "
            + ", ".join(
                f"{by_id[i].name}"
                + (f" ({n} factors)" if by_id[i].kind is ShipKind.DESTROYER else "")
                for i, n in removed.items()
            ),
        )
    _update(
        ledger,
        forces=forces,
        fleet=Fleet(
            free_french=taken["free_french"], vichy=taken["vichy"], removed=removed, lost=lost
        ),
    )


def brps(s: AwawScenario, ledger: Ledger[FallOfFrance], t: Tables, vichy: bool) -> None:
    """58.7 and 58.31: the conquest value, who gets it and when; Vichy's and the colonies' BRPs."""
    value = rules.conquest_value(s.surrender.french_brp_base, t)
    if value < 0 and ledger.assume("awaw.low_brp_base") == "floor_at_zero":
        ledger.note(
            "58.71",
            f"The BRP base leaves {value}; France is worth 0 as a conquest",
            "awaw.low_brp_base",
        )
        value = 0
    receiver: str = s.surrender.conqueror
    if s.surrender.cooperative:
        receiver = ledger.assume("awaw.axis_senior_partner")
        ledger.note(
            "58.73",
            f"France fell to a joint conquest: {receiver.title()}, the senior "
            "partner, receives the BRPs",
            "awaw.axis_senior_partner",
        )
    seasons_left = 3 - list(type(s.surrender.season)).index(s.surrender.season)
    proration = ledger.assume("awaw.conquest_proration")

    def share(v: int) -> int:
        if proration == "full":
            return v
        return 0 if proration == "none" else int(rules.prorated(v, seasons_left))

    ledger.note(
        "58.71",
        f"France is worth {value} BRPs as a conquest "
        f"({s.surrender.french_brp_base} BRP base less {t.rules.brp.key_areas_deduction})",
    )
    ledger.note(
        "58.72",
        f"{receiver.title()} receives {share(value)} BRPs at the start of its "
        f"next player turn, then {value} at each YSS while it holds a city in France",
        "awaw.conquest_proration",
    )
    colonies_by_status: dict[ColonyStatus, int] = {}
    rolled = {c for r in ledger.state.colony_rolls for c in r.colonies}
    for name, status in ledger.state.colonies.items():
        if name in rolled:
            colonies_by_status[status] = colonies_by_status.get(status, 0) + s.colonies[name].brp
    british = share(colonies_by_status.get(ColonyStatus.FREE_FRENCH, 0))
    if british:
        ledger.note(
            "58.531A",
            f"Britain receives {british} BRPs for the Free French colonies at "
            "the start of the next Allied player turn",
            "awaw.conquest_proration",
        )
    vichy_value = (
        rules.vichy_value(colonies_by_status.get(ColonyStatus.VICHY, 0), t) if vichy else None
    )
    if vichy_value is not None:
        ledger.note("58.31A", f"Vichy France is worth {vichy_value} BRPs with its colonies")
    instead = 0 if vichy else t.rules.brp.vichy_value
    if instead:
        ledger.note("58.31B", f"The Axis receive Vichy's {instead} BRPs instead")
    areas = {}
    for area in t.rules.key_area:
        holder = ledger.state.hexes.get(area.region.value, "axis")
        if holder != "vichy" and getattr(s.territory, area.id, None) is Control.AXIS:
            holder = "axis"
        areas[area.id] = KeyAreaHolding(area.name, area.brp, holder)
    ledger.note(
        "58.71",
        "Key economic areas: "
        + ", ".join(f"{a.name} {a.brp} BRPs ({a.holder})" for a in areas.values()),
    )
    _update(ledger, brp=Brp(value, receiver, share(value), vichy_value, instead, british, areas))


def outcome(state: FallOfFrance) -> tuple[tuple[str, str], ...]:
    """What odds are given for: each colony's final status."""
    return tuple((name, status.value) for name, status in state.colonies.items())


def _holder(control: Control) -> str:
    return "held by the Axis" if control is Control.AXIS else "held by France"


def _turn(s: AwawScenario) -> str:
    return f"{s.surrender.season.title()} {s.surrender.year}"


def _status(status: ColonyStatus) -> str:
    return {
        ColonyStatus.FREE_FRENCH: "Free French",
        ColonyStatus.VICHY: "Vichy",
        ColonyStatus.AXIS: "Axis",
        ColonyStatus.INDEPENDENT: "independent",
    }[status]


def _fleet_factors(fleet: Iterable[Ship]) -> tuple[list[int], list[int], list[int]]:
    full, discounted, building = [], [], []
    for ship in fleet:
        if ship.condition is Condition.BUILDING:
            building.append(ship.factors)
        elif ship.condition.discounted:
            discounted.append(ship.factors)
        else:
            full.append(ship.factors)
    return full, discounted, building


def _ground_factors(s: AwawScenario, corsica: bool) -> int:
    where = (*FRANCE, Region.CORSICA) if corsica else FRANCE
    return sum(
        u.factors
        for u in s.units
        if u.nationality == "french"
        and u.kind in (UnitKind.INFANTRY, UnitKind.ARMOR)
        and u.location in where
    )


def _forces(f: Forces) -> str:
    names = {
        "infantry_factors": "infantry",
        "armor_units": "3-5 armor",
        "air_factors": "air",
        "named_ships": "named ships",
        "cruisers": "cruisers",
        "destroyer_factors": "destroyers",
    }
    parts = [f"{getattr(f, n)} {names[n]}" for n in FORCE_FIELDS if getattr(f, n)]
    return ", ".join(parts) or "none"


def _where(ship: Ship) -> str:
    return ship.port or ship.region.value.replace("_", " ")


@cache
def _ship_label(ship: Ship) -> str:
    state = "" if ship.condition is Condition.READY else f", {ship.condition.value}"
    kind = "" if ship.kind is not ShipKind.DESTROYER else " destroyer"
    size = f"{ship.factors} factor{'s' if ship.factors != 1 else ''}"
    return f"{ship.name}{kind} ({size}{state}, {_where(ship)})"


def _ship_label_by_id(items: list[SelectionItem], choice: dict[str, int]) -> list[str]:
    labels = {i.id: i.label for i in items}
    return [labels[i] for i in choice]
