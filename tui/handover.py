"""The facts a linked procedure needs, asked one by one before it starts.

When a finished procedure leads on to another whose hand-over carries facts the first
does not know (a number read off the board, a choice made since), the dashboard asks
each field of the link's facts struct that fits a prompt (:func:`armistice.core.fields.ask`),
each offering as its default what the finished game already tells
(:meth:`armistice.core.systems.Link.start`), then starts the link with the answers. Facts
that fit no prompt (text, lists, tables) are named first, in a notice the player
acknowledges: they start at their defaults, and
``armistice resolve SAVE --next KEY --facts FILE`` gives them from a file.
"""

from __future__ import annotations

from typing import Any

import msgspec

from armistice.core.fields import Field, answered, ask, defaulted, describe
from armistice.core.prompts import AnswerValue, Decision, Option, Prompt
from armistice.core.systems import Link

DEFAULTS = "facts-at-defaults"
"""The key of the notice naming the facts a link starts with at their defaults."""


class Handover:
    """The facts of ``link`` being asked: ``prompts`` asks each field that fits a prompt,
    each defaulting to its value in ``start`` (the facts the link starts from, an instance
    of ``link.facts``; None: the struct's defaults), after a notice naming the ``unasked``
    fields (which start at those defaults) if any."""

    def __init__(self, link: Link, start: Any = None) -> None:
        self.link = link
        fields = describe(link.facts) if link.facts else ()
        self.fields = defaulted(fields, start) if start is not None else fields
        asked: list[Prompt] = []
        self.unasked: tuple[Field, ...] = ()
        for f in self.fields:
            prompts = ask((msgspec.structs.replace(f, label=self._named(f)),), "", link.rule)
            if prompts is None:
                self.unasked += (f,)
            else:
                asked += prompts
        notice = (self._notice(),) if self.unasked else ()
        self.prompts: tuple[Prompt, ...] = (*notice, *asked)
        self.answers: dict[str, AnswerValue] = {}

    def _named(self, field: Field) -> str:
        """How a fact is named when asked alone: a nested one after its group
        (``Turn of the roll: Season``)."""
        group, _, _ = field.path.rpartition(".")
        outer = next((f.label for f in self.fields if f.path == group), "")
        return f"{outer}: {field.label}" if outer else field.label

    def _notice(self) -> Decision:
        """The notice naming the facts not asked here, and how to give them."""
        names = ", ".join(self._named(f) for f in self.unasked)
        return Decision(
            DEFAULTS,
            "",
            "Facts taken at their defaults",
            self.link.rule,
            (Option("accept", "Go on with them at their defaults"),),
            "accept",
            f"Not asked here: {names}. To give them, save this game, write them in a TOML "
            f"file and run: armistice resolve SAVE --next {self.link.to} --facts FILE",
        )

    @property
    def prompt(self) -> Prompt | None:
        """The next fact to ask, or None once every one is answered."""
        return next((p for p in self.prompts if p.key not in self.answers), None)

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
        given = {k: v for k, v in self.answers.items() if k != DEFAULTS}
        return answered(self.fields, given)
