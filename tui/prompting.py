"""Prompts as text: what the game waits for, and answers parsed from the command line."""

from __future__ import annotations

import textwrap
from typing import NamedTuple

from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Decision, Fact, Prompt, Roll, Selection
from armistice.core.sides import Alignment


class Actor(NamedTuple):
    """Who must act on a prompt: the ``player``'s label, the ``power`` they act for (empty
    when either player may) and the ``alignment`` of the player's first power."""

    player: str
    power: str
    alignment: Alignment | None

    def __str__(self) -> str:
        return f"{self.player} ({self.power})" if self.power else self.player


def actor(game: Game, prompt: Prompt) -> Actor:
    """Who must act on ``prompt`` in ``game``."""
    player = game.player(prompt)
    if player is None:
        return Actor("Either player", "", None)
    lead = game.sides.power(player.powers[0]).alignment
    return Actor(player.label, game.sides.power(prompt.power).label, lead)


def describe_pending(game: Game, prompt: Prompt) -> str:
    """Several lines: who acts, what is asked, the choices and how to answer on the command line."""
    lines = [f"Waiting for: {actor(game, prompt)}: {prompt.label} ({prompt.rule})"]
    if prompt.help:
        lines += textwrap.wrap(prompt.help, 78, initial_indent="  ", subsequent_indent="  ")
    if isinstance(prompt, Decision):
        for o in prompt.options:
            mark = " (default)" if o.value == prompt.default else ""
            off = "" if o.enabled else f"  not allowed: {o.reason}"
            lines.append(f"  {o.value:<10} {o.label}{mark}{off}")
        lines.append(f"Answer with --decide {prompt.key}=VALUE, or --auto for the default.")
    elif isinstance(prompt, Selection):
        most = prompt.amount(prompt.required)
        span = f"exactly {most}" if prompt.least == prompt.required else f"{prompt.least} to {most}"
        lines.append(f"  Choose {span} from:")
        for item in prompt.items:
            amount = f" (up to {item.available})" if item.available > 1 else ""
            lines.append(f"  {item.id:<16} {item.label}{amount}")
            if item.note:
                lines.append(f"  {'':<16} {item.note}")
        example = ",".join(f"{k}:{v}" if v > 1 else k for k, v in prompt.default_answer().items())
        lines.append(f"Answer with --decide {prompt.key}=ID,ID:AMOUNT,...")
        lines.append(f"  (the default, taken by --auto, is {example})")
    elif isinstance(prompt, Roll):
        lines.append(f"  Roll {prompt.dice}; pass it with --dice, or let the seed roll it.")
    elif isinstance(prompt, Fact):
        lines.append(f"  Report a whole number of {prompt.unit}, {prompt.low} to {prompt.high}.")
        lines.append(f"Answer with --decide {prompt.key}=N (or in a --facts file).")
    return "\n".join(lines)


def parse_decision(prompt: Prompt, text: str) -> AnswerValue:
    """The answer ``text`` stands for: an option, a die total, or ``id[:amount],...``.

    Raises IllegalAnswer naming the prompt key for text that cannot be read.
    """
    if isinstance(prompt, Decision):
        return text
    if isinstance(prompt, Roll | Fact):
        try:
            return int(text)
        except ValueError:
            raise IllegalAnswer(prompt.key, f"{text!r} is not a whole number") from None
    picked: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        ident, _, amount = part.partition(":")
        try:
            picked[ident] = picked.get(ident, 0) + (int(amount) if amount else 1)
        except ValueError:
            raise IllegalAnswer(prompt.key, f"{part!r}: write ID or ID:AMOUNT") from None
    return picked
