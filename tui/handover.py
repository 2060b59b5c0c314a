"""The facts a linked procedure needs, asked one by one before it starts.

When a finished procedure leads on to another whose hand-over carries facts the first
does not know (a number read off the board, a choice made since), the dashboard asks
each field of the link's facts struct as a prompt (:func:`armistice.core.fields.ask`),
then starts the link with the answers.
"""

from __future__ import annotations

from typing import Any

from armistice.core.fields import answered, ask, describe
from armistice.core.prompts import AnswerValue, Prompt
from armistice.core.systems import Link


class Handover:
    """The facts of ``link`` being asked; ``prompts`` is None when some field cannot be
    asked at a prompt (the link then starts with its facts' defaults)."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.fields = describe(link.facts) if link.facts else ()
        self.prompts = ask(self.fields, "", link.rule)
        self.answers: dict[str, AnswerValue] = {}

    @property
    def prompt(self) -> Prompt | None:
        """The next fact to ask, or None once every one is answered."""
        return next((p for p in self.prompts or () if p.key not in self.answers), None)

    def answer(self, value: AnswerValue) -> None:
        """Record the pending fact; raises IllegalAnswer (and records nothing) if it does not fit."""
        prompt = self.prompt
        if prompt is not None:
            self.answers[prompt.key] = prompt.check(value)

    def undo(self) -> bool:
        """Take back the last fact given; False when there was none to take back."""
        if not self.answers:
            return False
        self.answers.popitem()
        return True

    def facts(self) -> dict[str, Any]:
        """The answers as the facts mapping :meth:`armistice.core.game.Game.next` takes."""
        return answered(self.fields, dict(self.answers))
