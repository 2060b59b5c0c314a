"""The game host the dashboard and the command line talk to, and the local host of hot seat.

A host holds the game and takes every change to it: answers, rolls, links, undo. Callers
read ``host.game`` and never change it themselves, so a shared host can commit each change
to its store before anyone is shown it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from armistice.core.game import Game
from armistice.core.prompts import Answer, AnswerValue, Prompt, Via
from armistice.host.records import Kind


class UndoAsked(Protocol):
    """An undo one side has asked for and the other has not yet settled: the ``side`` that
    asks (player key), the ``answer`` it would take back and the record ``index`` asking."""

    side: str
    answer: Answer
    index: int


class UndoEnded(Protocol):
    """How the last undo asked was closed: the ``ask`` (index of the record asking), the
    ``kind`` of the record that closed it (accepted, refused, or an answer or link: the ask
    lapsed) and the ``side`` (player key) that made that record."""

    ask: int
    kind: Kind
    side: str


class Host(Protocol):
    """What the dashboard and the command line need of a game, local or shared.

    ``game`` is the game as the host holds it now: read it, never change it. ``side`` is the
    player key this host answers for, None for every side (hot seat), or ``spectator``.
    Changes raise what :class:`~armistice.core.game.Game` raises for a refused answer
    (IllegalAnswer, RuleRestriction, GameOver: nothing changes), and a shared host raises
    StoreError when the store cannot take the change (nothing is written).
    """

    @property
    def game(self) -> Game:
        """The game as it stands."""

    @property
    def side(self) -> str | None:
        """The player key answered for; None: every side; ``spectator``: none."""

    @property
    def shared(self) -> bool:
        """True when other processes may change the game (poll :meth:`refresh`)."""

    @property
    def dice(self) -> str:
        """How the app rolls this game's dice, in a few words: "seed 7", "drawn at random",
        "agreed from both players' secrets"."""

    def may_answer(self, prompt: Prompt) -> bool:
        """Whether this host's side answers ``prompt`` (its power's player, or anyone's
        when it names no power)."""

    def waiting_for(self, prompt: Prompt) -> str:
        """Whom the game waits for when this side may not answer ``prompt``: "the Axis
        player"; empty when this side may answer it."""

    def answer(self, value: AnswerValue, via: Via = Via.DECIDED) -> None:
        """Answer the pending prompt (see Game.answer); raises IllegalAnswer when this side
        does not answer it."""

    def roll(self) -> AnswerValue | None:
        """Roll the pending die or batch: from the seed (hot seat), from fresh randomness
        (a live shared game) or by commit and reveal (by mail: None until every player's
        secret is in). Returns the answer given."""

    def next(self, key: str, facts: Mapping[str, Any] | None = None) -> None:
        """Start the linked procedure ``key`` with ``facts`` (see Game.next)."""

    def undo(self) -> Answer | None:
        """Take back the last answer (hot seat), or ask the other side to accept taking back
        this side's last answer (shared: None until it is settled)."""

    @property
    def undo_asked(self) -> UndoAsked | None:
        """The undo asked and not yet settled, if any."""

    @property
    def undo_ended(self) -> UndoEnded | None:
        """How the last undo asked was closed, if one was."""

    def settle_undo(self, accept: bool) -> None:
        """Accept or refuse the undo the other side asked for; raises IllegalAnswer when
        none is asked or this side asked it."""

    def refresh(self) -> bool:
        """Take in what other processes have stored; True when the game changed."""


class LocalHost:
    """Hot seat: one game in this process, every side answered here, dice from its seed."""

    side: str | None = None
    shared = False
    undo_asked: UndoAsked | None = None
    undo_ended: UndoEnded | None = None

    def __init__(self, game: Game) -> None:
        self._game = game

    @property
    def game(self) -> Game:
        """The game as it stands."""
        return self._game

    @property
    def dice(self) -> str:
        """ "seed N": hot seat rolls from the game's seed."""
        return f"seed {self._game.seed}"

    def replace(self, game: Game) -> None:
        """Hold ``game`` instead (another game opened, or new assumptions)."""
        self._game = game

    def may_answer(self, prompt: Prompt) -> bool:
        """Always: one keyboard answers for every side."""
        return True

    def waiting_for(self, prompt: Prompt) -> str:
        """Never anyone: hot seat answers every prompt here."""
        return ""

    def answer(self, value: AnswerValue, via: Via = Via.DECIDED) -> None:
        """Game.answer."""
        self._game.answer(value, via)

    def roll(self) -> AnswerValue:
        """Game.roll: the die or batch from the seed."""
        return self._game.roll()

    def next(self, key: str, facts: Mapping[str, Any] | None = None) -> None:
        """Game.next."""
        self._game.next(key, facts)

    def undo(self) -> Answer:
        """Game.undo: the last answer taken back at once."""
        return self._game.undo()

    def settle_undo(self, accept: bool) -> None:
        """Nothing to settle in hot seat; raises IllegalAnswer."""
        from armistice.core.errors import IllegalAnswer

        raise IllegalAnswer("undo", "no undo is asked: hot seat takes an answer back at once")

    def refresh(self) -> bool:
        """Nothing else changes a hot-seat game."""
        return False
