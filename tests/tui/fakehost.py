"""A shared game held in memory, for dashboard tests of sides without a store: a ``Table``
of records in order that several :class:`FakeHost` s (one per terminal) answer into and
take in on refresh, as a shared host does with its store."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armistice.core import decode
from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game, rolled
from armistice.core.prompts import Answer, AnswerValue, Prompt, Roll, Rolls, Via
from armistice.host.records import SPECTATOR, Kind


@dataclass
class Asked:
    """An undo asked and not settled (the UndoAsked protocol)."""

    side: str
    answer: Answer
    index: int


@dataclass
class Table:
    """What the players share: the game's records in order, as (kind, side, body)."""

    make: Callable[[], Game]
    records: list[tuple[Kind, str, dict[str, Any]]] = field(default_factory=list)


class FakeHost:
    """One terminal attached to ``table`` as ``side`` (a player key or ``spectator``)."""

    shared = True

    def __init__(self, table: Table, side: str) -> None:
        self.table, self._side = table, side
        self._game = table.make()
        self._seen = 0
        self._asked: Asked | None = None
        self.refresh()

    @property
    def game(self) -> Game:
        return self._game

    @property
    def side(self) -> str:
        return self._side

    @property
    def undo_asked(self) -> Asked | None:
        return self._asked

    def _player(self, prompt: Prompt) -> str | None:
        player = self._game.player(prompt)
        return None if player is None else player.key

    def may_answer(self, prompt: Prompt) -> bool:
        if self._side == SPECTATOR:
            return False
        return self._player(prompt) in (None, self._side)

    def waiting_for(self, prompt: Prompt) -> str:
        if self.may_answer(prompt):
            return ""
        player = self._game.player(prompt)
        return "either player" if player is None else f"the {player.label} player"

    def _append(self, kind: Kind, body: dict[str, Any]) -> int:
        self.table.records.append((kind, self._side, body))
        return len(self.table.records)

    def answer(self, value: AnswerValue, via: Via = Via.DECIDED) -> None:
        self.refresh()
        prompt = self._game.prompt
        if prompt is not None and not self.may_answer(prompt):
            raise IllegalAnswer(prompt.key, f"waiting for {self.waiting_for(prompt)}")
        self._game.answer(value, via)
        last = self._game.answers[-1]
        self._append(Kind.ANSWER, {"key": last.key, "value": last.value, "via": last.via})
        self._seen = len(self.table.records)

    def roll(self) -> AnswerValue:
        prompt = self._game.prompt
        if not isinstance(prompt, Roll | Rolls):
            raise IllegalAnswer("roll", "no die is asked")
        value = rolled(prompt, secrets.randbelow(decode.MAX_INT + 1), 0)
        self.answer(value, Via.DRAWN)
        return value

    def next(self, key: str, facts: Mapping[str, Any] | None = None) -> None:
        self._game.next(key, facts)
        self._append(Kind.LINK, {"key": key, "facts": dict(facts or {})})
        self._seen = len(self.table.records)

    def undo(self) -> None:
        if self._side == SPECTATOR or not self._game.answers:
            raise IllegalAnswer("undo", "nothing of yours to take back")
        index = self._append(Kind.UNDO_ASK, {"answer": len(self._game.answers)})
        self._asked = Asked(self._side, self._game.answers[-1], index)
        self._seen = index

    def settle_undo(self, accept: bool) -> None:
        asked = self._asked
        if asked is None or asked.side == self._side:
            raise IllegalAnswer("undo", "no undo of the other side's is asked")
        self._append(Kind.UNDO_YES if accept else Kind.UNDO_NO, {"ask": asked.index})

    def refresh(self) -> bool:
        new = self.table.records[self._seen :]
        for index, (kind, side, body) in enumerate(new, self._seen + 1):
            if kind is Kind.ANSWER:
                self._game.answer(body["value"], body["via"])
            elif kind is Kind.LINK:
                self._game.next(body["key"], body["facts"])
            elif kind is Kind.UNDO_ASK:
                answer = self._game.answers[body["answer"] - 1]
                self._asked = Asked(side, answer, index)
            elif kind is Kind.UNDO_YES:
                self._game.undo()
                self._asked = None
            elif kind is Kind.UNDO_NO:
                self._asked = None
        self._seen = len(self.table.records)
        return bool(new)
