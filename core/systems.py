"""The rule systems armistice knows: each declares one :class:`RuleSystem`, found by key.

A rule system is a package (``armistice.core.awaw.rule58``) whose ``SYSTEM`` is listed in
:data:`SHIPPED` (armistice's own) or under the ``armistice.systems`` entry point group of
its distribution (a plug-in), keyed by the procedure it resolves (``awaw.58``). The game, save files, odds, the command line, the
dashboard and the conformance suite work from this declaration alone; systems made
elsewhere (a plug-in, a test's stand-in) can :func:`register` at run time.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from armistice.core.assumptions import Assumption
from armistice.core.errors import ScenarioError
from armistice.core.ledger import Ledger
from armistice.core.prompts import AnswerValue, Prompt
from armistice.core.registry import Registry
from armistice.core.sides import Sides
from armistice.core.summary import Summary
from armistice.core.tablefiles import TableFiles
from armistice.core.turns import ActionSpec
from armistice.core.words import Word

GROUP = "armistice.systems"
"""The entry point group where a plug-in lists its rule systems: ``KEY = "module:SYSTEM"``."""

SHIPPED = {
    "aa50": "armistice.core.aa50:SYSTEM",
    "awaw.58": "armistice.core.awaw.rule58:SYSTEM",
    "awaw.vichy": "armistice.core.awaw.vichy:SYSTEM",
    "waw": "armistice.core.waw:SYSTEM",
    "waw.vichy": "armistice.core.waw.vichy:SYSTEM",
}
"""The rule systems armistice ships: key -> ``"module:SYSTEM"``, each imported when first
asked for."""

Procedure = Callable[[Any, Ledger[Any]], Generator[Prompt, AnswerValue, None]]
Outcome = tuple[tuple[str, Hashable], ...]


@dataclass(frozen=True)
class Link:
    """A procedure that may follow a finished one: ``to`` is its key; ``label`` and ``rule``
    say what starts. A link may lead back to the same procedure (one more turn of it).

    * ``facts`` is the struct of what the players tell the next procedure that the finished
      one does not know (None when it needs nothing); ``defaults(scenario, state)`` gives
      the facts as the finished procedure's scenario and final state already tell them (the
      turn after, the board as the last procedure left it), None leaving every fact at the
      struct's own defaults (then every field of ``facts`` needs one). Players then give
      only what changed (:meth:`start`); saves hold the whole facts.
    * ``begin(scenario, state, facts, tables)`` hands over: the next procedure's scenario
      (of its system's ``scenario_type``), made from the finished procedure's scenario,
      final state and ``tables`` (the tables it ran with: the published ones or the game's
      house tables) and from ``facts``, an instance of ``facts``. It raises ScenarioError
      naming ``facts`` and the field for facts the next scenario refuses.
    * ``earlier(given, scenario, state)`` reads the facts a save older than
      :data:`armistice.core.savefile.WHOLE_FACTS` wrote for this link (only the fields
      given, the rest at the struct's defaults of then, perhaps in an older form) as the
      whole facts today's struct takes (a mapping); None when such facts read as they are.
    """

    to: str
    label: str
    rule: str
    begin: Callable[[Any, Any, Any, Any], Any]
    facts: type[Any] | None = None
    defaults: Callable[[Any, Any], Any] | None = None
    earlier: Callable[[Mapping[str, Any], Any, Any], dict[str, Any]] | None = None

    def start(self, scenario: Any, state: Any) -> Any:
        """The facts the link starts from after ``scenario`` ended in ``state``: an instance
        of ``facts`` (None when the link takes none)."""
        if self.facts is None:
            return None
        return self.defaults(scenario, state) if self.defaults else self.facts()


@dataclass(frozen=True)
class RuleSystem:
    """A rule procedure as the generic code sees it.

    * ``key`` names it in scenario files, saves and assumption keys (``awaw.58``);
      ``aliases`` are keys it was known by before (``awaw``); ``game`` is the game it
      belongs to, whose folder holds its bundled scenarios (``awaw``).
    * ``scenario_type`` is the msgspec Struct a scenario file decodes into (a
      :class:`~armistice.core.scenario.ScenarioBase`); ``check(scenario, source, tables,
      readings)`` raises ScenarioError(source, field, reason) for what the rules cannot
      resolve under ``tables`` and the assumption values ``readings`` (key -> value; None
      when no game has chosen them yet: the restrictions that depend on one are left out).
    * ``initial_state(scenario)`` is the state before any rule runs; ``procedure`` is the
      generator that resolves the rules, yielding prompts; it reads the game's tables from
      its ledger (``ledger.tables``).
    * ``sides`` are the powers and the default players who answer for them; or, for a
      system whose scenarios declare their own powers, ``scenario_sides(scenario)`` gives
      them (see :meth:`sides_of`).
    * ``assumptions`` are its named interpretations; ``tables()`` its published rule tables,
      loaded; ``table_files`` how to read edited copies of them (house tables, see
      :mod:`armistice.core.tablefiles`), None for a system whose tables are not files.
      Every callable below that takes ``tables`` is given the game's: the published ones
      or the house tables it runs with.
    * ``outcome(state)`` is what odds are given for, as ``(key, value)`` pairs whose
      values are members of ``outcome_word``; ``outcome_names(tables)`` names each key for a
      reader; ``headline`` is the value whose chance the odds compare across the options
      of a decision, key by key; or, when ``compared`` names an outcome key, the odds
      compare the chance of each of that key's values under each option instead (a headline
      that favours one side says nothing when the options make different sides roll).
    * ``summary(scenario, state, tables)`` is what the state means to a reader.
    * ``entities(scenario)`` are the keys of everything the scenario lists that the rules
      decide (colonies, units, ships, areas); ``fates(scenario, state)`` maps each to its
      final fate, a member of one of ``fate_words``, none of them in ``provisional``;
      ``entity_names(scenario)`` names the outcome keys the scenario itself names (its
      fleets, its areas), for a system whose keys only the scenario can name.
    * ``help(tables)`` is a Markdown summary of the rules in our own words, its numbers read
      from ``tables``.
    * ``links`` are the procedures that may follow this one when it is finished.
    * ``phases`` are the phases of a turn (a Word enum, in order) and ``actions`` what a
      player may do in them, for a procedure that goes on turn after turn
      (:mod:`armistice.core.turns`); none for a one-off resolution.
    * ``added_prompts`` are ``(key prefix, save version)``: prompts first asked in saves
      of that version; older saves take their defaults (see :mod:`armistice.core.savefile`).
    * ``memoryless``: the procedure carries nothing from one prompt to the next that the
      ledger state and the pending prompt do not hold (no running totals or picks kept only
      in local variables), so two games with equal state and pending prompt go on alike;
      odds then work out each such position once, however many ways lead to it. Leave it
      False when unsure: it only saves time. The conformance checks compare the odds with
      a walk that reuses nothing.
    """

    key: str
    game: str
    title: str
    scenario_type: type[Any]
    check: Callable[[Any, str, Any, Mapping[str, str] | None], None]
    initial_state: Callable[[Any], Any]
    procedure: Procedure
    sides: Sides
    assumptions: tuple[Assumption[Any], ...]
    tables: Callable[[], Any]
    outcome: Callable[[Any], Outcome]
    outcome_names: Callable[[Any], Mapping[str, str]]
    outcome_word: type[Word]
    headline: str
    summary: Callable[[Any, Any, Any], Summary]
    entities: Callable[[Any], tuple[str, ...]]
    fates: Callable[[Any, Any], Mapping[str, Word]]
    fate_words: tuple[type[Word], ...]
    help: Callable[[Any], str]
    provisional: frozenset[str] = frozenset()
    aliases: tuple[str, ...] = ()
    added_prompts: tuple[tuple[str, int], ...] = ()
    links: tuple[Link, ...] = ()
    phases: type[Word] | None = None
    actions: tuple[ActionSpec, ...] = ()
    memoryless: bool = False
    table_files: TableFiles | None = None
    compared: str = ""
    entity_names: Callable[[Any], Mapping[str, str]] | None = None
    scenario_sides: Callable[[Any], Sides] | None = None

    def key_names(self, scenario: Any, tables: Any) -> dict[str, str]:
        """A reader's name for each outcome key: ``outcome_names(tables)``, then
        ``entity_names(scenario)``; a key named by neither is shown as it is."""
        named = dict(self.outcome_names(tables))
        if self.entity_names is not None:
            named.update(self.entity_names(scenario))
        return named

    def word(self, value: str) -> Word | None:
        """The word ``value`` spells: among ``outcome_word``, then each of ``fate_words`` (a
        system whose outcomes mix kinds, fleets' fates and areas' sides), or None (a die
        face, a number)."""
        for kind in (self.outcome_word, *self.fate_words):
            try:
                return kind(value)
            except ValueError:
                continue
        return None

    def sides_of(self, scenario: Any, source: str) -> Sides:
        """The powers of ``scenario`` (``scenario_sides``, else ``sides``) handed to its
        players as its ``players`` table says. Raises ScenarioError naming ``source`` and
        the ``players`` field for an unknown power, one given twice or one nobody plays."""
        base = self.scenario_sides(scenario) if self.scenario_sides else self.sides
        return base.assigned(scenario.players, source)


REGISTRY: Registry[RuleSystem] = Registry(GROUP, RuleSystem, lambda system: system.key, SHIPPED)
"""Every rule system, declared or registered; see also :func:`get` for older aliases."""


def register(system: RuleSystem) -> None:
    """Make a rule system known at run time (a plug-in, or a test or benchmark stand-in).

    Raises ValueError if its key or an alias is taken.
    """
    taken = {name for key in names() for name in (key, *get(key).aliases)}
    clash = {system.key, *system.aliases} & taken
    if clash:
        raise ValueError(f"rule system {', '.join(sorted(clash))} is already known")
    REGISTRY.register(system)


def unregister(key: str) -> None:
    """Forget a system made known by :func:`register` (nothing if there is none)."""
    REGISTRY.unregister(key)


def names() -> tuple[str, ...]:
    """The keys of every known rule system, declared ones first, each sorted."""
    return REGISTRY.names()


def get(name: str, source: str = "", field: str = "system") -> RuleSystem:
    """The rule system called ``name`` (a key or an older alias).

    Raises ScenarioError naming ``source`` and ``field`` for an unknown name, and TypeError
    if an entry point does not hold the RuleSystem for its key.
    """
    found = REGISTRY.find(name)
    if found is not None:
        return found
    for key in names():
        system = get(key)
        if name in system.aliases:
            return system
    raise ScenarioError(source, field, f"unknown rule system {name!r}; known: {', '.join(names())}")


def canonical(name: str) -> str | None:
    """The key of the rule system called ``name`` (a key or an older alias), None for a name
    no system has. A declared key is answered without loading its system; an alias loads
    every system to find the one that has it."""
    if REGISTRY.has(name):
        return name
    try:
        return get(name).key
    except ScenarioError:
        return None


def reachable(system: RuleSystem) -> tuple[RuleSystem, ...]:
    """``system`` and every system its links lead to, directly or not, each once.

    Raises ScenarioError for a link to an unknown system."""
    found = {system.key: system}
    queue = [system]
    while queue:
        for link in queue.pop().links:
            if link.to not in found:
                found[link.to] = get(link.to, system.key, "links")
                queue.append(found[link.to])
    return tuple(found.values())


def every() -> tuple[RuleSystem, ...]:
    """Every known rule system, in the order of :func:`names`."""
    return tuple(get(key) for key in names())
