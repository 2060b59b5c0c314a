"""Every way a procedure can go on from a position: the rule system's own generator fed
every answer a walk chooses, depth first, sharing what it can.

A :class:`Run` is one derivation of a game without the :class:`~armistice.core.game.Game`
around it: the system's ``initial_state`` and ``procedure`` on the checked scenario, fed
answers each checked by its prompt. A generator cannot be copied, so a walk goes on with
the same run for one answer of each prompt and replays the others from the start; each
end is still a run of its own, reached by its own answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from armistice.core import systems
from armistice.core.game import Game
from armistice.core.ledger import Ledger
from armistice.core.prompts import Answer, AnswerValue, Prompt, Via

Branches = Callable[[Prompt], list[tuple[AnswerValue, Via]]]
"""The answers a walk sends a prompt (each with how it is given), in the order they are
tried; the last is walked first."""
Stop = Callable[["Run"], bool]
"""Whether a walk ends at a run's position (besides the procedure's end)."""


class Run:
    """The procedure of ``scenario``'s rule system under ``assumptions`` (key -> value, every
    reading resolved, as :attr:`Game.assumptions` holds them) and ``tables``, fed
    ``answers`` in order. ``state``, ``prompt`` (None once the procedure has returned) and
    ``answers`` are what a Game at the same answers shows. Raises IllegalAnswer or
    RuleRestriction for an answer its prompt refuses, as :meth:`Game.answer` does."""

    __slots__ = ("_gen", "_ledger", "answers", "assumptions", "prompt", "scenario")

    def __init__(
        self,
        scenario: Any,
        assumptions: Mapping[str, str],
        tables: Any,
        answers: tuple[Answer, ...] = (),
    ) -> None:
        system = systems.get(scenario.system)
        self.scenario = scenario
        self.assumptions = assumptions
        self.answers: tuple[Answer, ...] = ()
        self._ledger: Ledger[Any] = Ledger(system.initial_state(scenario), assumptions, tables)
        self._gen = system.procedure(scenario, self._ledger)
        self.prompt: Prompt | None = self._step(None)
        for answer in answers:
            self.answer(answer.value, answer.via)

    @classmethod
    def at(cls, game: Game) -> Run:
        """A run at ``game``'s position (its scenario checked, its readings and tables);
        raises ValueError for a game that has followed a link to another procedure."""
        if game.facts or game.scenario is not game.origin:
            raise ValueError("a run follows one procedure; this game has followed a link")
        return cls(game.scenario, game.assumptions, game.tables, game.answers)

    @property
    def state(self) -> Any:
        """The procedure's state as the answers imply it (an immutable struct)."""
        return self._ledger.state

    def fork(self, answers: tuple[Answer, ...]) -> Run:
        """A run of the same procedure fed ``answers`` from the start."""
        return Run(self.scenario, self.assumptions, self._ledger.tables, answers)

    def answer(self, value: AnswerValue, via: Via = Via.DECIDED) -> None:
        """Send ``value`` to the pending prompt, checked by it; raises IllegalAnswer (or
        RuleRestriction) when it refuses ``value`` and ValueError when nothing is pending."""
        prompt = self.prompt
        if prompt is None:
            raise ValueError("the procedure has returned; nothing is asked")
        checked = prompt.check(value)
        self.answers = (*self.answers, Answer(prompt.key, checked, via))
        self.prompt = self._step(checked)

    def _step(self, value: AnswerValue | None) -> Prompt | None:
        try:
            return self._gen.send(value) if value is not None else next(self._gen)
        except StopIteration:
            return None


def ends(start: Run, branches: Branches, stop: Stop = lambda _run: False) -> Iterator[Run]:
    """Each end of the walk from ``start``: a run whose procedure has returned or where
    ``stop`` holds, for every sequence of answers ``branches`` gives. Depth first, the last
    answer of each prompt first (a prompt given no answer ends nothing); ``start`` itself is
    used up."""
    pending: list[tuple[Answer, ...] | Run] = [start]
    while pending:
        head = pending.pop()
        run = head if isinstance(head, Run) else start.fork(head)
        while (prompt := run.prompt) is not None and not stop(run):
            tried = branches(prompt)
            if not tried:
                break
            pending.extend((*run.answers, Answer(prompt.key, v, via)) for v, via in tried[:-1])
            run.answer(*tried[-1])
        else:
            yield run
