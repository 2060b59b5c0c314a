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

import secrets
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import msgspec

from armistice.core import savefile, systems
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
from armistice.core.scenario import from_mapping
from armistice.core.sides import Player, Sides
from armistice.core.summary import Summary


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


class Game:
    """A rule-system resolution in progress.

    ``scenario`` is a decoded scenario struct; ``assumptions`` overrides the
    defaults of its system's assumptions, by key or older alias (raises
    UnknownAssumption); ``answers`` are replayed at once (raises IllegalAnswer
    naming the first that does not fit, as ``answers[i]``); ``seed`` (an int)
    drives the dice the app rolls, a fresh one if omitted. ``written_in`` is the
    save-file version the answers come from: prompts the system began asking
    later take their defaults as they are reached.
    """

    __slots__ = (
        "_answers",
        "_gen",
        "_ledger",
        "_prompt",
        "_rolls",
        "_summary",
        "assumptions",
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
        written_in: int = savefile.VERSION,
    ) -> None:
        self.system = systems.get(scenario.system)
        self.scenario = scenario
        self.sides: Sides = self.system.sides.assigned(scenario.players, scenario.name)
        self.assumptions = resolve(self.system.assumptions, assumptions)
        self.seed = secrets.randbelow(10**9) if seed is None else seed
        self._answers: list[Answer] = []
        self._summary: tuple[Any, Summary] | None = None
        self._restart()
        added = tuple(key for key, since in self.system.added_prompts if since > written_in)
        for index, answer in enumerate(answers):
            self._fill_added(added, answer.key)
            prompt = self._prompt
            if prompt is not None and answer.key != prompt.key:
                raise IllegalAnswer(
                    f"answers[{index}]", f"answers {answer.key!r} but the game asks {prompt.key!r}"
                )
            try:
                self.answer(answer.value, answer.via)
            except IllegalAnswer as error:
                raise IllegalAnswer(f"answers[{index}] ({error.where})", error.reason) from None
        self._fill_added(added, None)

    def _fill_added(self, added: tuple[str, ...], next_key: str | None) -> None:
        """Answer with its default each pending prompt whose key starts with one of ``added``
        (asked only since the answers were saved) and that is not the ``next_key`` saved."""
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

    def _restart(self) -> None:
        self._rolls = 0
        self._ledger: Ledger[Any] = Ledger(
            self.system.initial_state(self.scenario), self.assumptions
        )
        self._gen = self.system.procedure(self.scenario, self._ledger)
        self._prompt: Prompt | None = self._step(None)

    def _step(self, value: AnswerValue | None) -> Prompt | None:
        try:
            return self._gen.send(value) if value is not None else next(self._gen)
        except StopIteration:
            return None

    @property
    def prompt(self) -> Prompt | None:
        """What the game waits for, or None once every procedure has finished."""
        return self._prompt

    @property
    def complete(self) -> bool:
        """True once every procedure has finished."""
        return self._prompt is None

    @property
    def state(self) -> Any:
        """The rule system's state as the answers so far imply it (an immutable struct)."""
        return self._ledger.state

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every log entry so far, oldest first, each with its rule number."""
        return tuple(self._ledger.log)

    @property
    def summary(self) -> Summary:
        """What the state means to a reader, as the rule system sums it up."""
        state = self._ledger.state
        if self._summary is None or self._summary[0] is not state:
            self._summary = (state, self.system.summary(self.scenario, state))
        return self._summary[1]

    def player(self, prompt: Prompt) -> Player | None:
        """The player who answers ``prompt``: the one playing its power (None: either)."""
        return self.sides.player_of(prompt.power) if prompt.power else None

    @property
    def answers(self) -> tuple[Answer, ...]:
        """The answers given so far, in order."""
        return tuple(self._answers)

    @property
    def rolls_made(self) -> int:
        """How many rolls the game's answers hold, a batch counting one per member: the
        draw index of the next roll the app makes from the seed."""
        return self._rolls

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
            via = via if via in (Via.ROLLED, Via.TYPED) else Via.TYPED
        elif via in (Via.ROLLED, Via.TYPED):
            raise IllegalAnswer(prompt.key, "only a die roll can be rolled or typed")
        record = Answer(prompt.key, checked, via)
        how = f"rolled from seed {self.seed}" if via is Via.ROLLED else via.value
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
            self._replay(self._answers)
            raise
        self._answers.append(record)
        if isinstance(prompt, Rolls):
            self._rolls += len(prompt.members)
        else:
            self._rolls += isinstance(prompt, Roll)

    def roll(self) -> int | dict[str, int]:
        """Roll the pending Roll's dice from the seed and answer with the total, or roll
        every member of a pending batch (each member its own draw, in member order) and
        answer with member key -> total. Returns the answer given.

        Raises IllegalAnswer if the pending prompt is not a roll or a batch of rolls.
        """
        prompt = self._prompt
        if isinstance(prompt, Rolls):
            drawn = {
                m.key: m.dice.roll(self.seed, self.rolls_made + i)
                for i, m in enumerate(prompt.members)
            }
            self.answer(drawn, Via.ROLLED)
            return drawn
        if not isinstance(prompt, Roll):
            raise IllegalAnswer("roll", "the game is not waiting for a die roll")
        total = prompt.dice.roll(self.seed, self.rolls_made)
        self.answer(total, Via.ROLLED)
        return total

    def undo(self) -> Answer:
        """Take back the last answer and return it; raises IllegalAnswer if there is none."""
        if not self._answers:
            raise IllegalAnswer("undo", "there is no answer to take back")
        last = self._answers[-1]
        self._replay(self._answers[:-1])
        return last

    def _replay(self, answers: list[Answer]) -> None:
        kept = list(answers)
        self._answers = []
        self._restart()
        for answer in kept:
            self.answer(answer.value, answer.via)

    def save(self) -> bytes:
        """The save file: one self-contained, versioned JSON document (UTF-8 bytes)."""
        return savefile.encode(
            savefile.SaveFile(
                format=savefile.FORMAT,
                version=savefile.VERSION,
                system=self.system.key,
                scenario=msgspec.to_builtins(self.scenario),
                assumptions=dict(self.assumptions),
                answers=list(self._answers),
                seed=self.seed,
            )
        )

    @classmethod
    def load(cls, data: bytes, source: str) -> Game:
        """The game a save file of any supported version describes, replayed exactly.

        ``source`` names the file in errors. Raises SaveError naming the field for
        corrupt JSON, a foreign document, an unknown version, an invalid scenario, an
        unknown assumption or answers that do not replay.
        """
        document = savefile.read(data, source)
        try:
            scenario = from_mapping(document.scenario, source)
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
                written_in=document.version,
            )
        except UnknownAssumption as error:
            raise SaveError(source, f"assumptions.{error.where}", error.reason) from None
        except IllegalAnswer as error:
            raise SaveError(source, error.where, error.reason) from None

    @classmethod
    def open(cls, path: str | Path) -> Game:
        """``load`` a save file from ``path``; raises SaveError if it cannot be read."""
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise SaveError(str(path), "", f"cannot be read: {error.strerror}") from None
        return cls.load(data, str(path))
