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
from typing import Annotated, Any

import msgspec

from core import systems
from core.assumptions import REGISTRY
from core.errors import GameOver, IllegalAnswer, SaveError, ScenarioError, UnknownAssumption
from core.ledger import Ledger, LogEntry
from core.prompts import Answer, AnswerValue, Decision, Prompt, Roll, Selection, Via
from core.scenario import convert, from_mapping

SAVE_FORMAT = "armistice-save"
SAVE_VERSION = 1


class SaveFile(msgspec.Struct, forbid_unknown_fields=True):
    """A save file: the scenario embedded whole, every assumption's value, the answers
    in order and the seed the app rolls dice from. ``format`` and ``version`` identify it."""

    format: str
    version: int
    system: str
    scenario: dict[str, Any]
    assumptions: dict[str, str]
    answers: list[Answer]
    seed: Annotated[int, msgspec.Meta(ge=0)] | None = None


def describe(prompt: Prompt, value: AnswerValue) -> str:
    """How an answer to ``prompt`` reads in a log or report."""
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
    defaults of its system's registry (raises UnknownAssumption);
    ``answers`` are replayed at once (raises IllegalAnswer naming the first
    that does not fit, as ``answers[i]``); ``seed`` (an int) drives the dice
    the app rolls, a fresh one if omitted.
    """

    __slots__ = (
        "_answers",
        "_gen",
        "_ledger",
        "_prompt",
        "_rolls",
        "assumptions",
        "scenario",
        "seed",
        "system",
    )

    def __init__(
        self,
        scenario: Any,
        *,
        assumptions: Mapping[str, str] | None = None,
        answers: Iterable[Answer] = (),
        seed: int | None = None,
    ) -> None:
        self.system = systems.get(scenario.system)
        self.scenario = scenario
        self.assumptions = REGISTRY.resolve(self.system.name, assumptions)
        self.seed = secrets.randbelow(10**9) if seed is None else seed
        self._answers: list[Answer] = []
        self._restart()
        for index, answer in enumerate(answers):
            prompt = self._prompt
            if prompt is not None and answer.key != prompt.key:
                raise IllegalAnswer(
                    f"answers[{index}]", f"answers {answer.key!r} but the game asks {prompt.key!r}"
                )
            try:
                self.answer(answer.value, answer.via)
            except IllegalAnswer as error:
                raise IllegalAnswer(f"answers[{index}] ({error.where})", error.reason) from None

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
    def answers(self) -> tuple[Answer, ...]:
        """The answers given so far, in order."""
        return tuple(self._answers)

    @property
    def rolls_made(self) -> int:
        """How many dice answers the game holds (the index of the next app roll)."""
        return self._rolls

    def answer(self, value: AnswerValue, via: Via = Via.DECIDED) -> None:
        """Answer the pending prompt with ``value``.

        For a Roll, ``via`` DECIDED is recorded as TYPED (a die read off the
        table). Raises GameOver when nothing is pending, and IllegalAnswer or
        RuleRestriction when the prompt refuses ``value``; the game is then
        unchanged.
        """
        prompt = self._prompt
        if prompt is None:
            raise GameOver("answer", "the resolution is complete; nothing is asked")
        checked = prompt.check(value)
        if isinstance(prompt, Roll):
            via = via if via in (Via.ROLLED, Via.TYPED) else Via.TYPED
        elif via in (Via.ROLLED, Via.TYPED):
            raise IllegalAnswer(prompt.key, "only a die roll can be rolled or typed")
        record = Answer(prompt.key, checked, via)
        how = f"rolled from seed {self.seed}" if via is Via.ROLLED else via.value
        self._ledger.note(prompt.rule, f"{prompt.label}: {describe(prompt, checked)} ({how})")
        try:
            self._prompt = self._step(checked)
        except Exception:
            self._replay(self._answers)
            raise
        self._answers.append(record)
        self._rolls += isinstance(prompt, Roll)

    def roll(self) -> int:
        """Roll the pending Roll's dice from the seed and answer with the total.

        Raises IllegalAnswer if the pending prompt is not a roll.
        """
        prompt = self._prompt
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
        document = SaveFile(
            format=SAVE_FORMAT,
            version=SAVE_VERSION,
            system=self.system.name,
            scenario=msgspec.to_builtins(self.scenario),
            assumptions=dict(self.assumptions),
            answers=list(self._answers),
            seed=self.seed,
        )
        return msgspec.json.format(msgspec.json.encode(document), indent=2) + b"\n"

    @classmethod
    def load(cls, data: bytes, source: str) -> Game:
        """The game a save file describes, replayed exactly.

        ``source`` names the file in errors. Raises SaveError naming the field
        for corrupt JSON, a foreign document, an unknown version, an invalid
        scenario, an unknown assumption or answers that do not replay.
        """
        try:
            raw = msgspec.json.decode(data)
        except msgspec.DecodeError:
            raise SaveError(source, "", "not a JSON document (is it a save file?)") from None
        if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
            raise SaveError(
                source, "format", f"not an armistice save file (expected {SAVE_FORMAT!r})"
            )
        if "version" not in raw:
            raise SaveError(source, "version", "missing")
        if raw.get("version") != SAVE_VERSION:
            raise SaveError(
                source,
                "version",
                f"version {raw.get('version')!r} is not supported; this armistice reads {SAVE_VERSION}",
            )
        try:
            envelope = convert(raw, SaveFile, source)
        except ScenarioError as error:
            raise SaveError(source, error.field, error.reason) from None
        try:
            scenario = from_mapping(envelope.scenario, source)
        except ScenarioError as error:
            raise SaveError(source, f"scenario.{error.field}".rstrip("."), error.reason) from None
        if scenario.system != envelope.system:
            raise SaveError(
                source,
                "system",
                f"says {envelope.system!r} but the scenario is {scenario.system!r}",
            )
        try:
            return cls(
                scenario,
                assumptions=envelope.assumptions,
                answers=envelope.answers,
                seed=envelope.seed,
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
