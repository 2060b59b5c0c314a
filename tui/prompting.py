"""Prompts as text: what the game waits for, and answers parsed from the command line."""

from __future__ import annotations

import textwrap

from core.errors import IllegalAnswer
from core.prompts import AnswerValue, Decision, Prompt, Roll, Selection


def side_name(prompt: Prompt) -> str:
    """Who must act on ``prompt``, in words."""
    if prompt.side is None:
        return "Either player"
    return "Axis" if prompt.side == "axis" else "Allies"


def describe_pending(prompt: Prompt) -> str:
    """Several lines: who acts, what is asked, the choices and how to answer on the command line."""
    lines = [f"Waiting for: {side_name(prompt)}: {prompt.label} ({prompt.rule})"]
    if prompt.help:
        lines += textwrap.wrap(prompt.help, 78, initial_indent="  ", subsequent_indent="  ")
    if isinstance(prompt, Decision):
        for o in prompt.options:
            mark = " (default)" if o.value == prompt.default else ""
            off = "" if o.enabled else f"  not allowed: {o.reason}"
            lines.append(f"  {o.value:<10} {o.label}{mark}{off}")
        lines.append(f"Answer with --decide {prompt.key}=VALUE, or --auto for the default.")
    elif isinstance(prompt, Selection):
        lines.append(f"  Choose exactly {prompt.amount(prompt.required)} from:")
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
    return "\n".join(lines)


def parse_decision(prompt: Prompt, text: str) -> AnswerValue:
    """The answer ``text`` stands for: an option, a die total, or ``id[:amount],...``.

    Raises IllegalAnswer naming the prompt key for text that cannot be read.
    """
    if isinstance(prompt, Decision):
        return text
    if isinstance(prompt, Roll):
        try:
            return int(text)
        except ValueError:
            raise IllegalAnswer(prompt.key, f"{text!r} is not a die total") from None
    picked: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        ident, _, amount = part.partition(":")
        try:
            picked[ident] = picked.get(ident, 0) + (int(amount) if amount else 1)
        except ValueError:
            raise IllegalAnswer(prompt.key, f"{part!r}: write ID or ID:AMOUNT") from None
    return picked
