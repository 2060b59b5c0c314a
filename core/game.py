"""A game: a scenario, its assumptions and the ordered answers, and what they imply.

State and log are never stored, only derived: the rule procedure is run and
fed the answers in order. That gives exact replay, undo (drop the last
answer) and save files (the three inputs, in versioned JSON).

Example::

    game = Game(scenario.load("rulebook-example-fall-1940"), seed=7)
    game.prompt            # Decision(key="establish_vichy", ...)
    game.answer("yes")
    game.roll()            # the app rolls the pending die from the seed
    game.undo()            # and takes it back
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from armistice.core import decode, savefile, systems, tablefiles
from armistice.core.assumptions import resolve
from armistice.core.errors import (
    GameOver,
    IllegalAnswer,
    SaveError,
    ScenarioError,
    UnknownAssumption,
)
from armistice.core.ledger import Ledger, LogEntry
from armistice.core.prompts import (
    Answer,
    AnswerValue,
    Decision,
    Prompt,
    Roll,
    Rolls,
    Selection,
    Via,
)
from armistice.core.scenario import checked, convert, from_mapping
from armistice.core.sides import Player, Sides
from armistice.core.summary import Summary
from armistice.core.tablefiles import HouseTables

ROLLED = (Via.ROLLED, Via.TYPED)
DICE = (Via.ROLLED, Via.TYPED, Via.DRAWN, Via.AGREED)
"""The ways a die's answer can be given; any other ``via`` given for a die reads as typed."""
HOW = {
    Via.TYPED: "typed",
    Via.DRAWN: "drawn at random when rolled",
    Via.AGREED: "agreed from both players' secrets",
}
"""How the log says a die was given, for those not rolled from the seed."""

NEXT = "next"
"""The answer key that marks a link: its value is the key of the procedure started."""


def describe(prompt: Prompt, value: AnswerValue) -> str:
    """How an answer to ``prompt`` reads in a log or report: an option's label, the
    selection's items, each member's label and total for a batch of rolls, or the total."""
    if isinstance(prompt, Rolls) and isinstance(value, Mapping):
        return ", ".join(f"{m.label} {value[m.key]}" for m in prompt.members if m.key in value)
    if isinstance(prompt, Decision):
        return next((o.label for o in prompt.options if o.value == value), str(value))
    if isinstance(prompt, Selection) and isinstance(value, Mapping):
        labels = {item.id: item for item in prompt.items}
        parts = []
        for ident, amount in value.items():
            item = labels[ident]
            parts.append(
                item.label if item.available == 1 else f"{item.label}: {prompt.amount(amount)}"
            )
        return ", ".join(parts) or "nothing"
    return str(value)


def _unlike(prompt: Roll | Rolls, drawn: AnswerValue, given: AnswerValue) -> str:
    """Where the dice ``drawn`` differ from those ``given``: "4 here, not 1", or for a
    batch each member that differs, "Morocco die 2, not 1"."""
    if isinstance(prompt, Rolls) and isinstance(drawn, Mapping) and isinstance(given, Mapping):
        return "; ".join(
            f"{m.label} {drawn[m.key]}, not {given[m.key]}"
            for m in prompt.members
            if drawn[m.key] != given[m.key]
        )
    return f"{drawn} here, not {given}"


class Game:
    """A resolution in progress: one procedure, or a chain of them.

    ``scenario`` is a decoded scenario struct; ``assumptions`` overrides the
    defaults of the assumptions of its system and of every system its links lead
    to, by key or older alias (raises UnknownAssumption); ``answers`` are replayed
    at once (raises IllegalAnswer naming the first that does not fit, as
    ``answers[i]``), an answer keyed ``next`` starting the linked procedure it names
    with the next entry of ``facts``; ``seed`` (an int from 0 to ``decode.MAX_INT``,
    else IllegalAnswer) drives the dice the app rolls, a fresh one if omitted. ``written_in`` is the save-file version the
    answers come from: prompts the system began asking later take their defaults as
    they are reached. ``tables`` are house tables (see :mod:`armistice.core.tablefiles`)
    the game runs with instead of its system's published tables; the scenario is checked
    against them too (raises ScenarioError naming the scenario and the field), and they
    stay ``house`` (None: the published tables).

    ``system``, ``scenario``, ``state``, ``prompt``, ``summary`` and ``tables`` are those of
    the procedure running now; ``log`` and ``answers`` cover the whole chain.
    """

    __slots__ = (
        "_answers",
        "_done",
        "_facts",
        "_first",
        "_gen",
        "_ledger",
        "_prompt",
        "_rolls",
        "_summary",
        "_written_in",
        "assumptions",
        "house",
        "scenario",
        "seed",
        "sides",
        "system",
    )

    def __init__(
        self,
        scenario: Any,
        *,
        assumptions: Mapping[str, str] | None = None,
        answers: Iterable[Answer] = (),
        seed: int | None = None,
        facts: Iterable[Mapping[str, Any]] = (),
        written_in: int = savefile.VERSION,
        tables: HouseTables | None = None,
    ) -> None:
        if seed is not None and not 0 <= seed <= decode.MAX_INT:
            raise IllegalAnswer("seed", f"{seed} is outside 0..{decode.MAX_INT}")
        first = systems.get(scenario.system)
        if tables is not None and tables.system != first.key:
            raise ScenarioError(scenario.name, "system", f"the house tables are {tables.system}'s")
        self.house = tables
        self._first = scenario
        self.assumptions = resolve(
            (a for system in systems.reachable(first) for a in system.assumptions), assumptions
        )
        checked(first, scenario, scenario.name, tables, self.assumptions)
        self.seed = random.SystemRandom().randrange(10**9) if seed is None else seed
        self._written_in = written_in
        self._replay(list(answers), list(facts), strict=True)

    def _begin(self, system: systems.RuleSystem, scenario: Any) -> None:
        self.system = system
        self.scenario = scenario
        self.sides: Sides = system.sides_of(scenario, scenario.name)
        self._summary: tuple[Any, Summary] | None = None
        self._ledger: Ledger[Any] = Ledger(
            system.initial_state(scenario), self.assumptions, self._tables_of(system)
        )
        self._gen = system.procedure(scenario, self._ledger)
        self._prompt: Prompt | None = self._step(None)

    def _tables_of(self, system: systems.RuleSystem) -> Any:
        """The tables ``system`` runs with in this game: the house tables if they are its,
        else its published tables."""
        house = self.house
        return house.tables if house and house.system == system.key else system.tables()

    def _replay(
        self, answers: Sequence[Answer], facts: Sequence[Mapping[str, Any]], strict: bool = False
    ) -> None:
        """Start again from the first scenario and give ``answers`` in order; ``strict``
        names a refused answer by its index (loading), else lets the error through."""
        self._answers: list[Answer] = []
        self._facts: list[dict[str, Any]] = []
        self._done: list[tuple[LogEntry, ...]] = []
        self._rolls = 0
        self._begin(systems.get(self._first.system), self._first)
        queued = list(facts)
        for index, answer in enumerate(answers):
            try:
                self._fill_added(answer.key)
                if answer.key == NEXT:
                    if not queued:
                        raise IllegalAnswer(NEXT, "no facts are saved for this link")
                    earlier = strict and self._written_in < savefile.WHOLE_FACTS
                    self._link(str(answer.value), queued.pop(0), earlier)
                    continue
                prompt = self._prompt
                if self._unasked(answer, prompt):
                    continue
                if prompt is None:
                    raise GameOver(answer.key, "the game is complete by then; nothing asks it")
                if answer.key != prompt.key:
                    raise IllegalAnswer(
                        answer.key, f"answers {answer.key!r} but the game asks {prompt.key!r}"
                    )
                self.answer(answer.value, answer.via)
            except IllegalAnswer as error:
                if not strict:
                    raise
                raise IllegalAnswer(f"answers[{index}] ({error.where})", error.reason) from None
        self._fill_added(None)

    def _unasked(self, answer: Answer, prompt: Prompt | None) -> bool:
        """Whether ``answer`` is a die an older save holds for a roll that is no longer asked
        because it cannot change anything; the log says it was dropped."""
        if self._written_in >= savefile.ROLLS_NOT_ASKED or answer.via not in ROLLED:
            return False
        if prompt is not None and prompt.key == answer.key:
            return False
        self._ledger.note(
            "",
            f"{answer.key}: the save holds a die ({answer.value}) for a roll that cannot change "
            "anything; it is no longer asked, and the answer is dropped",
        )
        return True

    def _fill_added(self, next_key: str | None) -> None:
        """Answer with its default each pending prompt the system began asking after the save
        the answers come from was written (and that is not the ``next_key`` saved)."""
        added = tuple(k for k, since in self.system.added_prompts if since > self._written_in)
        while (
            (prompt := self._prompt) is not None
            and not isinstance(prompt, Roll | Rolls)
            and prompt.key != next_key
            and any(prompt.key.startswith(k) for k in added)
        ):
            self._ledger.note(
                prompt.rule, f"{prompt.label}: the save predates this question; default taken"
            )
            self.answer(prompt.default_answer(), Via.DEFAULT)

    def _step(self, value: AnswerValue | None) -> Prompt | None:
        try:
            return self._gen.send(value) if value is not None else next(self._gen)
        except StopIteration:
            return None

    @property
    def prompt(self) -> Prompt | None:
        """What the game waits for, or None once the running procedure has finished."""
        return self._prompt

    @property
    def complete(self) -> bool:
        """True once the running procedure has finished (a linked one may still follow)."""
        return self._prompt is None

    @property
    def state(self) -> Any:
        """The running procedure's state as the answers imply it (an immutable struct)."""
        return self._ledger.state

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every log entry of the chain so far, oldest first, each with its rule number."""
        return (*(e for done in self._done for e in done), *self._ledger.log)

    @property
    def tables(self) -> Any:
        """The rule tables the running procedure reads: the house tables the game runs with
        when they are its system's, else its system's published tables."""
        return self._ledger.tables

    @property
    def summary(self) -> Summary:
        """What the state means to a reader, as the running rule system sums it up under the
        game's tables; with house tables, the facts say which files they replace."""
        state = self._ledger.state
        if self._summary is None or self._summary[0] is not state:
            summary = self.system.summary(self.scenario, state, self.tables)
            house = self.house
            if house is not None and house.system == self.system.key:
                facts = (*summary.facts, ("House tables", house.describe()))
                summary = msgspec.structs.replace(summary, facts=facts)
            self._summary = (state, summary)
        return self._summary[1]

    def player(self, prompt: Prompt) -> Player | None:
        """The player who answers ``prompt``: the one playing its power (None: either)."""
        return self.sides.player_of(prompt.power) if prompt.power else None

    @property
    def answers(self) -> tuple[Answer, ...]:
        """The answers given so far across the chain, in order; ``next`` answers mark links."""
        return tuple(self._answers)

    @property
    def origin(self) -> Any:
        """The scenario the game began from (``scenario`` is the running procedure's)."""
        return self._first

    @property
    def facts(self) -> tuple[dict[str, Any], ...]:
        """The facts given with each link taken, in order."""
        return tuple(self._facts)

    @property
    def rolls_made(self) -> int:
        """How many rolls the game's answers hold, a batch counting one per member: the
        draw index of the next roll the app makes from the seed."""
        return self._rolls

    @property
    def links(self) -> tuple[systems.Link, ...]:
        """The procedures that may follow now: those of the running system once it is
        complete, none before."""
        return self.system.links if self.complete else ()

    def answer(self, value: AnswerValue, via: Via = Via.DECIDED) -> None:
        """Answer the pending prompt with ``value``.

        For a Roll or a batch of Rolls (``value``: member key -> total), ``via`` DECIDED is
        recorded as TYPED (dice read off the table); the log gets a line per member of a
        batch. Raises GameOver when nothing is pending, and IllegalAnswer or
        RuleRestriction when the prompt refuses ``value``; the game is then unchanged.
        """
        prompt = self._prompt
        if prompt is None:
            raise GameOver("answer", "the resolution is complete; nothing is asked")
        checked = prompt.check(value)
        if isinstance(prompt, Roll | Rolls):
            via = via if via in DICE else Via.TYPED
        elif via in DICE:
            raise IllegalAnswer(prompt.key, "only a die roll can be rolled or typed")
        if (
            via is Via.ROLLED
            and isinstance(prompt, Roll | Rolls)
            and self._written_in >= savefile.ROLLS_NOT_ASKED
            and checked != (drawn := self._draw(prompt))
        ):
            raise IllegalAnswer(
                prompt.key,
                f"marked as rolled from seed {self.seed}, which rolls "
                f"{_unlike(prompt, drawn, checked)}; a die read off the table is marked typed",
            )
        record = Answer(prompt.key, checked, via)
        how = f"rolled from seed {self.seed}" if via is Via.ROLLED else HOW.get(via, via.value)
        if isinstance(prompt, Rolls):
            assert isinstance(checked, dict)
            for member in prompt.members:
                self._ledger.note(
                    member.rule, f"{prompt.label}, {member.label}: {checked[member.key]} ({how})"
                )
        else:
            self._ledger.note(prompt.rule, f"{prompt.label}: {describe(prompt, checked)} ({how})")
        try:
            self._prompt = self._step(checked)
        except Exception:
            self._replay(self._answers, self._facts)
            raise
        self._answers.append(record)
        if isinstance(prompt, Rolls):
            self._rolls += len(prompt.members)
        else:
            self._rolls += isinstance(prompt, Roll)

    def next(self, key: str, facts: Mapping[str, Any] | None = None) -> None:
        """Start the linked procedure ``key`` from the finished one, with ``facts`` (field ->
        value, nested tables for nested structs) for what it needs to know that the finished
        one does not: each fact left out takes the link's default for this game
        (:meth:`armistice.core.systems.Link.start`); the game keeps the whole facts.

        Raises IllegalAnswer naming ``next`` while the running procedure is not finished or
        for a procedure it does not link to, and ScenarioError naming ``facts.<field>`` for
        facts of the wrong shape, that the link refuses or that a reading of this game forbids;
        the game is then unchanged.
        """
        self._link(key, facts or {}, earlier=False)

    def _link(self, key: str, given: Mapping[str, Any], earlier: bool) -> None:
        """:meth:`next`; ``earlier`` reads ``given`` as a save before whole facts wrote it."""
        if not self.complete:
            raise IllegalAnswer(NEXT, f"{self.system.key} is not finished yet")
        link = next((k for k in self.system.links if k.to == key), None)
        if link is None:
            offered = ", ".join(k.to for k in self.system.links) or "none"
            raise IllegalAnswer(
                NEXT, f"{self.system.key} does not lead to {key!r}; it leads to: {offered}"
            )
        if earlier and link.earlier is not None:
            given = link.earlier(given, self.scenario, self.state)
        told = None
        if link.facts is None and given:
            raise ScenarioError(
                "facts", next(iter(given)), f"{key} takes no facts: the finished game tells it all"
            )
        start = link.start(self.scenario, self.state)
        if link.facts is not None:
            told = convert(overlay(msgspec.to_builtins(start), given), link.facts, "facts")
        scenario = link.begin(self.scenario, self.state, told, self._ledger.tables)
        system = systems.get(key)
        system.check(scenario, "facts", self._tables_of(system), self.assumptions)
        self._done.append((*self._ledger.log, LogEntry(link.rule, f"Next: {link.label}")))
        self._begin(system, scenario)
        self._answers.append(Answer(NEXT, key, Via.DECIDED))
        self._facts.append(msgspec.to_builtins(told) if told is not None else dict(given))

    def roll(self) -> int | dict[str, int]:
        """Roll the pending Roll's dice from the seed and answer with the total, or roll
        every member of a pending batch (each member its own draw, in member order) and
        answer with member key -> total. Returns the answer given.

        Raises IllegalAnswer if the pending prompt is not a roll or a batch of rolls.
        """
        prompt = self._prompt
        if not isinstance(prompt, Roll | Rolls):
            raise IllegalAnswer("roll", "the game is not waiting for a die roll")
        drawn = self._draw(prompt)
        self.answer(drawn, Via.ROLLED)
        return drawn

    def _draw(self, prompt: Roll | Rolls) -> int | dict[str, int]:
        """What the seed rolls for ``prompt`` at this point of the game."""
        return rolled(prompt, self.seed, self.rolls_made)

    def undo(self) -> Answer:
        """Take back the last answer, or the last link taken, and return it; raises
        IllegalAnswer if there is none."""
        if not self._answers:
            raise IllegalAnswer("undo", "there is no answer to take back")
        last = self._answers[-1]
        facts = self._facts[:-1] if last.key == NEXT else self._facts
        self._replay(self._answers[:-1], facts)
        return last

    def branch(self, answers: Iterable[Answer]) -> Game:
        """A new game at this position with ``answers`` given after it (same chain, facts,
        assumptions and seed). Raises IllegalAnswer for an answer that does not fit."""
        return Game(
            self._first,
            assumptions=self.assumptions,
            answers=[*self._answers, *answers],
            seed=self.seed,
            facts=self._facts,
            tables=self.house,
        )

    def save(self) -> bytes:
        """The save file: one self-contained, versioned JSON document (UTF-8 bytes)."""
        return savefile.encode(
            savefile.SaveFile(
                format=savefile.FORMAT,
                version=savefile.VERSION,
                system=self._first.system,
                scenario=msgspec.to_builtins(self._first),
                assumptions=dict(self.assumptions),
                answers=list(self._answers),
                seed=self.seed,
                facts=list(self._facts),
                tables=dict(self.house.texts) if self.house else {},
            )
        )

    @classmethod
    def load(cls, data: bytes, source: str) -> Game:
        """The game a save file of any supported version describes, replayed exactly.

        ``source`` names the file in errors. Raises SaveError naming the field for
        corrupt JSON, a foreign document, an unknown version, an invalid scenario, an
        unknown assumption, house tables the engine refuses (or that cannot resolve the
        scenario) or answers that do not replay.
        """
        document = savefile.read(data, source)
        house = tablefiles.restore(systems.get(document.system), document.tables, source)
        try:
            scenario = from_mapping(document.scenario, source, house)
        except ScenarioError as error:
            raise SaveError(source, f"scenario.{error.field}".rstrip("."), error.reason) from None
        if scenario.system != document.system:
            raise SaveError(
                source,
                "system",
                f"says {document.system!r} but the scenario is {scenario.system!r}",
            )
        try:
            return cls(
                scenario,
                assumptions=document.assumptions,
                answers=document.answers,
                seed=document.seed,
                facts=document.facts,
                written_in=document.version,
                tables=house,
            )
        except UnknownAssumption as error:
            raise SaveError(source, f"assumptions.{error.where}", error.reason) from None
        except IllegalAnswer as error:
            raise SaveError(source, error.where, error.reason) from None
        except ScenarioError as error:
            where = "facts" if error.source == "facts" else "scenario"
            raise SaveError(source, f"{where}.{error.field}".rstrip("."), error.reason) from None

    @classmethod
    def open(cls, path: str | Path) -> Game:
        """``load`` a save file from ``path``; raises SaveError if it cannot be read."""
        return cls.load(decode.read(path, SaveError), str(path))


def rolled(prompt: Roll | Rolls, seed: int, index: int) -> int | dict[str, int]:
    """What ``seed`` rolls for ``prompt`` from draw ``index`` on: a total, or member key ->
    total for a batch (each member its own draw, in member order)."""
    if isinstance(prompt, Rolls):
        return {m.key: m.dice.roll(seed, index + i) for i, m in enumerate(prompt.members)}
    return prompt.dice.roll(seed, index)


def overlay(base: Any, given: Mapping[str, Any]) -> Any:
    """``base`` (a mapping of facts) with ``given`` (a mapping) laid over it: a table given over a table
    is laid over it field by field, anything else replaces what ``base`` holds."""
    if not isinstance(base, dict):
        return dict(given)
    out = dict(base)
    for name, value in given.items():
        inner = out.get(name)
        out[name] = (
            overlay(inner, value) if isinstance(value, dict) and isinstance(inner, dict) else value
        )
    return out
