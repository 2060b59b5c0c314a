"""What a rule procedure can ask for, and the answers it gets back.

A procedure yields one prompt at a time:

* :class:`Decision`: one power picks one option (``establish_vichy``: ``yes``/``no``).
* :class:`Selection`: one power picks amounts from a list against a required
  total (the ships of 58.6), lower tiers first.
* :class:`Roll`: dice are rolled (by the app from a seed, or typed in).
* :class:`Rolls`: several independent rolls asked at once (a die per fleet and per
  area), whose results may add up to weighted :class:`Total` s such as income.
* :class:`Fact`: a player reports a number read off the board, within bounds.

A prompt names the ``power`` that acts (a key of the system's
:class:`~armistice.core.sides.Sides`); the game says which player answers for it.

Each prompt checks an answer with ``check`` (raising :class:`IllegalAnswer`
or :class:`RuleRestriction`, which name the prompt key and the reason) and
offers a documented ``default`` that unattended runs take.
"""

from __future__ import annotations

import enum
from collections.abc import Generator, Mapping
from functools import lru_cache
from typing import TypeAlias

import msgspec

from armistice.core.dice import Dice
from armistice.core.errors import IllegalAnswer, RuleRestriction
from armistice.core.words import singular

AnswerValue: TypeAlias = int | str | dict[str, int]


class Via(enum.StrEnum):
    """How an answer was given: chosen by a player, taken as the default, or a die: rolled
    by the app from the game's seed, typed in from a physical die, drawn by the app from
    fresh randomness at the moment it was rolled (a shared game), or agreed by commit and
    reveal of a secret from each player (a game by mail)."""

    DECIDED = "decided"
    DEFAULT = "default"
    ROLLED = "rolled"
    TYPED = "typed"
    DRAWN = "drawn"
    AGREED = "agreed"


class Answer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One answer in a game's history: the prompt ``key``, its ``value`` and ``via``."""

    key: str
    value: AnswerValue
    via: Via = Via.DECIDED


class Clock(msgspec.Struct, frozen=True):
    """Where the game stands: ``turn`` (a number from 1) named ``turn_label``, the ``phase``
    (a phase word's value) named ``phase_label``, and the ``player`` whose turn it is."""

    turn: int
    turn_label: str
    phase: str
    phase_label: str
    player: str


class Option(msgspec.Struct, frozen=True):
    """One choice of a :class:`Decision`; a disabled option carries the rule-based ``reason``."""

    value: str
    label: str
    enabled: bool = True
    reason: str = ""


class Decision(msgspec.Struct, frozen=True, tag="decision", tag_field="type"):
    """The ``power`` picks exactly one enabled option.

    ``rule`` is the rule number that asks; ``default`` is the option an
    unattended run takes and must be enabled. A decision of an open-ended game carries
    its ``clock`` (turn and phase): its options are the actions open then
    (:func:`armistice.core.turns.actions`). A ``reported`` decision asks what happened on
    the board (a battle's result, a ship sunk), which no player chooses.
    """

    key: str
    power: str
    label: str
    rule: str
    options: tuple[Option, ...]
    default: str
    help: str = ""
    clock: Clock | None = None
    reported: bool = False

    def check(self, value: object) -> str:
        """``value`` if it is an enabled option; raises IllegalAnswer or RuleRestriction."""
        for option in self.options:
            if option.value == value:
                if not option.enabled:
                    raise RuleRestriction(self.key, f"'{value}' is not allowed: {option.reason}")
                return option.value
        offered = ", ".join(o.value for o in self.options if o.enabled)
        raise IllegalAnswer(self.key, f"{value!r} is not an option; choose one of: {offered}")

    def default_answer(self) -> str:
        """The documented default option."""
        return self.default


class Fact(msgspec.Struct, frozen=True, tag="fact", tag_field="type"):
    """A number a player reports from the board (a battle the engine does not fight, a count
    read off the map): a whole number of ``unit`` from ``low`` to ``high``.

    ``rule`` is the rule that needs it; ``default`` is what an unattended run takes.
    """

    key: str
    power: str
    label: str
    rule: str
    unit: str
    low: int
    high: int
    default: int
    help: str = ""

    @property
    def number(self) -> str:
        """What is asked for in words: ``whole number of DPs``, or ``whole number`` for a
        fact without a unit (a year)."""
        return f"whole number of {self.unit}" if self.unit else "whole number"

    def check(self, value: object) -> int:
        """``value`` if it is a whole number within bounds; raises IllegalAnswer otherwise."""
        if type(value) is not int or not self.low <= value <= self.high:
            raise IllegalAnswer(
                self.key, f"report a {self.number} from {self.low} to {self.high}, not {value!r}"
            )
        return value

    def default_answer(self) -> int:
        """The documented default."""
        return self.default


class RollOutcome(msgspec.Struct, frozen=True):
    """A named result of a roll and the totals that give it."""

    label: str
    faces: tuple[int, ...]


class Roll(msgspec.Struct, frozen=True, tag="roll", tag_field="type"):
    """Dice to roll for ``label``; ``outcomes`` partition the totals into named results.

    The partition is what odds work with: totals with the same result are
    one branch. ``power`` rolls them (empty: either player may).
    """

    key: str
    label: str
    rule: str
    dice: Dice
    outcomes: tuple[RollOutcome, ...]
    power: str = ""
    help: str = ""

    def check(self, value: object) -> int:
        """``value`` if the dice can show it; raises IllegalAnswer otherwise."""
        if type(value) is not int or not self.dice.low <= value <= self.dice.high:
            raise IllegalAnswer(
                self.key,
                f"a {self.dice} roll shows {self.dice.low} to {self.dice.high}, not {value!r}",
            )
        return value

    def only(self) -> str | None:
        """The label of the outcome every total gives, when the roll cannot change anything
        (such a roll is not asked: the procedure notes the result instead); else None."""
        possible = set(self.dice.faces())
        hit = [o.label for o in self.outcomes if possible & set(o.faces)]
        return hit[0] if len(hit) == 1 else None

    def outcome_of(self, total: int) -> str:
        """The label of the outcome that ``total`` gives."""
        for outcome in self.outcomes:
            if total in outcome.faces:
                return outcome.label
        raise IllegalAnswer(self.key, f"no outcome is listed for a total of {total}")


class Weight(msgspec.Struct, frozen=True):
    """What one member's result adds to a :class:`Total`: ``value`` (in the total's unit) when
    member ``member`` (a member key) rolls the outcome labelled ``outcome``; ``rank`` orders
    the weights of a total that counts only its lowest rank (see :class:`Total`)."""

    member: str
    outcome: str
    value: int
    rank: int = 0


class Total(msgspec.Struct, frozen=True):
    """A weighted total over the results of a :class:`Rolls` batch, such as income.

    Its value is the sum, over the members, of the ``value`` of the :class:`Weight` listed
    for the outcome each member rolled; an outcome with no weight listed adds 0. ``unit``
    names what the values count, in the plural (``IPCs``, ``factors``); ``key`` names the
    total in odds reports, unique within a game.

    With ``lowest_rank``, only the weights of the lowest ``rank`` among those the members
    rolled count (ties all count; 0 when no member rolled a weighted outcome): "the nearest
    areas that turned Vichy", with each area's distance as its rank.

    ``reported`` is False for a total kept only as a condition later steps depend on (which
    areas a fleet may be sent to), not a result to show: the odds leave it out.
    """

    key: str
    label: str
    unit: str
    weights: tuple[Weight, ...]
    lowest_rank: bool = False
    reported: bool = True

    @classmethod
    def table(
        cls,
        key: str,
        label: str,
        unit: str,
        weights: Mapping[str, Mapping[str, int]],
        ranks: Mapping[str, int] | None = None,
        reported: bool = True,
    ) -> Total:
        """A total from ``weights``: member key -> outcome label -> value (in ``unit``). Given
        ``ranks`` (member key -> rank), only the lowest rank rolled counts (``lowest_rank``);
        ``reported`` as for the struct."""
        return cls(
            key,
            label,
            unit,
            tuple(
                Weight(member, outcome, value, ranks[member] if ranks else 0)
                for member, by_outcome in weights.items()
                for outcome, value in by_outcome.items()
            ),
            lowest_rank=ranks is not None,
            reported=reported,
        )

    def weight(self, member: str, outcome: str) -> int:
        """What ``member`` rolling ``outcome`` adds (in the total's unit); 0 if none is listed."""
        return _weights(self).get((member, outcome), 0)

    def of(self, outcomes: Mapping[str, str]) -> int:
        """The total for ``outcomes``: member key -> outcome label, as :meth:`Rolls.outcomes_of`
        gives them."""
        if not self.lowest_rank:
            table = _weights(self)
            return sum(table.get(pair, 0) for pair in outcomes.items())
        hits = [w for w in self.weights if outcomes.get(w.member) == w.outcome]
        low = min((w.rank for w in hits), default=0)
        return sum(w.value for w in hits if w.rank == low)

    def rank(self, member: str, outcome: str) -> int | None:
        """The rank of ``member`` rolling ``outcome``; None if that carries no weight."""
        return _ranks(self).get((member, outcome))


@lru_cache(maxsize=256)
def _weights(total: Total) -> dict[tuple[str, str], int]:
    return {(w.member, w.outcome): w.value for w in total.weights}


@lru_cache(maxsize=256)
def _ranks(total: Total) -> dict[tuple[str, str], int]:
    return {(w.member, w.outcome): w.rank for w in total.weights}


class Rolls(msgspec.Struct, frozen=True, tag="rolls", tag_field="type"):
    """Several independent rolls asked at once, for ``label``: each of ``members`` is a
    :class:`Roll` with its own key, dice, outcome classes and rule number (cited in the log
    line of its result); the batch's ``power`` rolls them all. Which rolls are asked does
    not depend on their results.

    The answer maps each member key to the total its dice show. ``totals`` are weighted
    totals over the members' outcomes, reported by the odds. ``depends`` says what the rest
    of the procedure (every later prompt, and the state that the system's ``outcome``
    reads) may depend on:

    * ``None``: every member's outcome (odds walk the product of their outcome classes);
    * a tuple of total keys: the values of those totals only (odds walk one branch per
      distinct combination of values, weighted by its exact probability);
    * ``()``: nothing (odds walk a single branch).

    Raises ValueError when made with no member, repeated member keys, a member whose
    outcome classes do not split its totals into disjoint classes covering each once, a
    weight for an unknown member or outcome, or ``depends`` naming an undeclared total.

    Example: a die per area whose face is the area's income, the rest reading the income
    only::

        dice = tuple(Roll(f"income.{a}", a, "2.1", D6, by_face) for a in areas)
        weights = {d.key: {o.label: o.faces[0] for o in by_face} for d in dice}
        income = Total.table("income", "Income", "IPCs", weights)
        Rolls("income", "Income dice", "2.1", dice, (income,), depends=("income",))
    """

    key: str
    label: str
    rule: str
    members: tuple[Roll, ...]
    totals: tuple[Total, ...] = ()
    depends: tuple[str, ...] | None = None
    power: str = ""
    help: str = ""

    def __post_init__(self) -> None:
        keys = [m.key for m in self.members]
        if not keys:
            raise ValueError(f"{self.key}: a batch rolls at least one member")
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.key}: a member key is listed twice")
        for member in self.members:
            listed = sorted(face for o in member.outcomes for face in o.faces)
            if listed != list(member.dice.faces()):
                raise ValueError(
                    f"{member.key}: its outcome classes must list each total "
                    f"{member.dice.low}-{member.dice.high} exactly once"
                )
        labels = {m.key: {o.label for o in m.outcomes} for m in self.members}
        for total in self.totals:
            for w in total.weights:
                if w.outcome not in labels.get(w.member, ()):
                    raise ValueError(
                        f"{self.key}: total {total.key} weighs {w.member}={w.outcome}, "
                        "which is not a member's outcome"
                    )
        declared = {t.key for t in self.totals}
        for name in self.depends or ():
            if name not in declared:
                raise ValueError(f"{self.key}: depends on {name!r}, which is not a total")

    def check(self, value: object) -> dict[str, int]:
        """The member key -> total mapping in member order, if every member's dice can show
        its value. Raises IllegalAnswer naming the member key (or the batch key for a
        value that is not a mapping, or a key that is not a member's)."""
        if not isinstance(value, Mapping):
            raise IllegalAnswer(self.key, "a batch of rolls maps each member key to its total")
        members = {m.key: m for m in self.members}
        for key in value:
            if key not in members:
                raise IllegalAnswer(
                    self.key, f"{key!r} is not rolled here; the members are: {', '.join(members)}"
                )
        checked: dict[str, int] = {}
        for member in self.members:
            if member.key not in value:
                raise IllegalAnswer(member.key, f"no result given for {member.label}")
            checked[member.key] = member.check(value[member.key])
        return checked

    def outcomes_of(self, value: Mapping[str, int]) -> dict[str, str]:
        """Each member's outcome label for a checked answer ``value``."""
        return {m.key: m.outcome_of(value[m.key]) for m in self.members}

    def total(self, key: str) -> Total:
        """The declared total called ``key``; raises KeyError if there is none."""
        for total in self.totals:
            if total.key == key:
                return total
        raise KeyError(key)


class SelectionItem(msgspec.Struct, frozen=True):
    """Something to pick: up to ``available`` of it (units or factors).

    Items of a higher ``tier`` may be used only once every lower tier is used
    up; ``note`` says why an item is in its tier.
    """

    id: str
    label: str
    available: int = 1
    tier: int = 0
    note: str = ""


class Selection(msgspec.Struct, frozen=True, tag="selection", tag_field="type"):
    """The ``power`` picks amounts of items adding up to exactly ``required`` (``unit``: units
    or factors), or, when ``minimum`` is set, to any total from ``minimum`` to ``required``.

    The answer maps item ids to amounts; missing ids are zero. ``rule``
    justifies the total and the tier order. ``picks`` names what the items are, as the
    heading of their list (``French territories``); empty when ``label`` already does
    (``Free French named ships``).
    """

    key: str
    power: str
    label: str
    rule: str
    items: tuple[SelectionItem, ...]
    required: int
    unit: str = "units"
    minimum: int | None = None
    picks: str = ""

    @property
    def least(self) -> int:
        """The smallest total the selection may come to."""
        return self.required if self.minimum is None else self.minimum

    def amount(self, n: int) -> str:
        """``n`` with the unit, singular or plural: ``1 unit``, ``3 factors``."""
        return f"{n} {singular(self.unit) if n == 1 else self.unit}"

    help: str = ""

    @property
    def heading(self) -> str:
        """What the items are, to head their list: ``picks``, else ``label``."""
        return self.picks or self.label

    def check(self, value: object) -> dict[str, int]:
        """The answer without zero entries, if legal; raises IllegalAnswer or RuleRestriction."""
        if not isinstance(value, Mapping):
            raise IllegalAnswer(self.key, "a selection maps item ids to amounts")
        by_id = {item.id: item for item in self.items}
        picked: dict[str, int] = {}
        for ident, amount in value.items():
            item = by_id.get(ident)
            if item is None:
                offered = ", ".join(by_id)
                raise IllegalAnswer(self.key, f"{ident!r} is not offered; choose from: {offered}")
            if type(amount) is not int or amount < 0:
                raise IllegalAnswer(self.key, f"{ident}: amount must be a whole number >= 0")
            if amount > item.available:
                raise RuleRestriction(
                    self.key, f"{item.label}: only {self.amount(item.available)} to choose from"
                )
            if amount:
                picked[ident] = amount
        total = sum(picked.values())
        if not self.least <= total <= self.required:
            span = (
                f"exactly {self.amount(self.required)}"
                if self.least == self.required
                else f"{self.least} to {self.amount(self.required)}"
            )
            raise RuleRestriction(
                self.key, f"the selection must come to {span} ({self.rule}), not {total}"
            )
        self._check_tiers(picked)
        return picked

    def _check_tiers(self, picked: Mapping[str, int]) -> None:
        total = sum(picked.values())
        capacity = used = 0
        for tier in sorted({item.tier for item in self.items}):
            members = [item for item in self.items if item.tier == tier]
            capacity += sum(item.available for item in members)
            used += sum(picked.get(item.id, 0) for item in members)
            if used < min(total, capacity):
                later = [i for i in self.items if i.tier > tier and picked.get(i.id)]
                culprit = later[0] if later else members[0]
                raise RuleRestriction(
                    self.key,
                    f"{culprit.label} may be taken only after every higher-priority "
                    f"item is used up ({self.rule}): {culprit.note or 'lower priority'}",
                )

    def blocked(self, picked: Mapping[str, int], ident: str) -> str:
        """Why one more of item ``ident`` may not be added to the partial pick ``picked``,
        or ``""`` if it may. Raises KeyError for an id not offered."""
        item = next(i for i in self.items if i.id == ident)
        if picked.get(ident, 0) >= item.available:
            return f"all of it is already chosen ({self.amount(item.available)})"
        if sum(picked.values()) >= self.required:
            return f"the selection already comes to {self.amount(self.required)}"
        for other in self.items:
            if other.tier < item.tier and picked.get(other.id, 0) < other.available:
                return item.note or f"{other.label} must be taken first ({self.rule})"
        return ""

    def forced(self) -> dict[str, int] | None:
        """The only legal answer, if there is just one; None when the side has a real choice.

        Tiers are used up in order; the choice lies in the tier where the
        total is reached, and only if that tier offers more than one way. A
        selection with a ``minimum`` below ``required`` is a choice of how much
        whenever there is more than the minimum to take.
        """
        if self.least < self.required and self.capacity() > self.least:
            return None
        left = self.required
        picked: dict[str, int] = {}
        for tier in sorted({item.tier for item in self.items}):
            members = [i for i in self.items if i.tier == tier and i.available > 0]
            capacity = sum(i.available for i in members)
            if left == 0:
                break
            if capacity <= left or len(members) == 1:
                for item in members:
                    take = min(item.available, left)
                    picked[item.id] = take
                    left -= take
                continue
            return None
        return picked

    def default_answer(self) -> dict[str, int]:
        """The items in listed order (lower tiers first), each taken in full, until the total is met."""
        left = self.required
        picked: dict[str, int] = {}
        for item in sorted(self.items, key=lambda i: i.tier):
            take = min(left, item.available)
            if take:
                picked[item.id] = take
                left -= take
        return picked

    def capacity(self) -> int:
        """How much all items together could supply."""
        return sum(item.available for item in self.items)


Prompt: TypeAlias = Decision | Roll | Rolls | Selection | Fact


def throw(prompt: Roll) -> Generator[Prompt, AnswerValue, tuple[int | None, str]]:
    """A procedure's step that rolls for ``prompt``: it yields the prompt only when the roll
    can change something, and otherwise asks nothing (:meth:`Roll.only`). Returns the total
    rolled (None when nothing was asked) and the label of the outcome it gives."""
    only = prompt.only()
    if only is not None:
        return None, only
    total = yield prompt
    assert isinstance(total, int)
    return total, prompt.outcome_of(total)


def ask(prompt: Selection) -> Generator[Prompt, AnswerValue, dict[str, int]]:
    """A procedure's step that picks for ``prompt``: it yields the prompt only when the
    side has a real choice, and otherwise returns the only legal answer
    (:meth:`Selection.forced`) without asking. Returns item id -> amount."""
    forced = prompt.forced()
    if forced is not None:
        return forced
    choice = yield prompt
    assert isinstance(choice, dict)
    return choice
