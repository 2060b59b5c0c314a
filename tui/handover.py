"""The facts a linked procedure needs, asked one by one before it starts.

When a finished procedure leads on to another whose hand-over carries facts the first
does not know (a number read off the board, a choice made since), the dashboard asks
each field of the link's facts struct that fits a prompt (:func:`armistice.core.fields.ask`),
each offering as its default what the finished game already tells
(:meth:`armistice.core.systems.Link.start`), then starts the link with the answers. Facts
that fit no prompt (text, lists, tables) are named first, in a notice the player
acknowledges: they start at their defaults, and
``armistice resolve SAVE --next KEY --facts FILE`` gives them from a file.

The answers are kept while the player moves back over them: a fact the linked procedure
refuses is asked again (its answer offered as the default) and the others stand, and
undoing the link reopens the hand-over at its last fact.
"""

from __future__ import annotations

from typing import Any

import msgspec

from armistice.core.fields import Field, answered, ask, defaulted, describe
from armistice.core.game import overlay
from armistice.core.prompts import AnswerValue, Decision, Fact, Option, Prompt
from armistice.core.systems import Link

DEFAULTS = "facts-at-defaults"
"""The key of the notice naming the facts a link starts with at their defaults."""


class Handover:
    """The facts of ``link`` being asked: ``prompts`` asks each field that fits a prompt,
    each defaulting to its value in ``start`` (the facts the link starts from, an instance
    of ``link.facts``; None: the struct's defaults), after a notice naming the ``unasked``
    fields (which start at those defaults) if any.

    ``at`` indexes the prompt being asked (``len(prompts)``: every fact given). ``answers``
    (prompt key -> answer) keeps the answers of prompts at and after ``at`` too, offered as
    their defaults when asked again; from ``through`` on, a prompt already answered is not
    asked again."""

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
        self.at = 0
        self.through = len(self.prompts)
        self._told: dict[str, Any] = {}

    @classmethod
    def reopened(cls, link: Link, told: Any) -> Handover:
        """The hand-over of ``link`` as it was when the linked procedure started with the
        facts ``told`` (an instance of ``link.facts``): every fact answered as told, the
        last one asked again; facts not asked here keep their told values."""
        handover = cls(link, told)
        handover.answers = {p.key: p.default_answer() for p in handover.prompts}
        handover.at = max(len(handover.prompts) - 1, 0)
        handover._told = msgspec.to_builtins(told)
        return handover

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
        """The fact to ask now, offering the answer it was given before as its default, or
        None once every one is answered."""
        if self.at >= len(self.prompts):
            return None
        prompt = self.prompts[self.at]
        kept = self.answers.get(prompt.key)
        if isinstance(prompt, Fact) and isinstance(kept, int):
            return msgspec.structs.replace(prompt, default=kept)
        if isinstance(prompt, Decision) and isinstance(kept, str):
            return msgspec.structs.replace(prompt, default=kept)
        return prompt

    def answer(self, value: AnswerValue) -> None:
        """Record the pending fact and go on to the next one to ask; raises IllegalAnswer
        (and records nothing) if it does not fit."""
        prompt = self.prompt
        if prompt is None:
            return
        self.answers[prompt.key] = prompt.check(value)
        self.at += 1
        while self.through <= self.at < len(self.prompts):
            if self.prompts[self.at].key not in self.answers:
                break
            self.at += 1

    def undo(self) -> bool:
        """Go back to the fact before the one asked (its answer kept as the default);
        False at the first fact, when there is none to go back to."""
        if self.at == 0:
            return False
        self.at -= 1
        return True

    def reopen(self, field: str) -> bool:
        """Ask again the facts a refusal names by ``field`` (a path, ``turn`` or
        ``capitals.morocco``): those whose key is ``field``, inside it (``turn.season``) or
        holding it, from the first of them; the other answers stand. False, with nothing
        changed, when no fact asked here is named."""
        named = [
            i
            for i, p in enumerate(self.prompts)
            if p.key == field or p.key.startswith(f"{field}.") or field.startswith(f"{p.key}.")
        ]
        if not named:
            return False
        self.at, self.through = named[0], named[-1] + 1
        return True

    def facts(self) -> dict[str, Any]:
        """The answers as the facts mapping :meth:`armistice.core.game.Game.next` takes
        (over the facts told, when reopened)."""
        given = {k: v for k, v in self.answers.items() if k != DEFAULTS}
        return overlay(self._told, answered(self.fields, given))
