"""Prompts as text: what the game waits for, and answers parsed from the command line."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from armistice.core import decode
from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Decision, Fact, Prompt, Roll, Rolls, Selection
from armistice.core.sides import Alignment
from armistice.core.systems import RuleSystem
from armistice.core.turns import STOP


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


def result_name(system: RuleSystem, label: str) -> str:
    """How a reader sees a roll's result or outcome ``label``: the label of the word it
    spells in ``system`` (:meth:`RuleSystem.word`), or ``label`` itself (a die face)."""
    word = system.word(label)
    return word.label if word else label


def short_name(system: RuleSystem, label: str) -> str:
    """The short form of the word ``label`` spells in ``system``, or ``label`` itself."""
    word = system.word(label)
    return word.short if word else label


RESOLVED = "Every rule has been resolved."
"""How a game that ran to its end ended."""


def stopped(game: Game) -> Decision | None:
    """The turn's menu the players answered "stop" at, if that answer ended ``game`` (a
    turn-by-turn game the players stopped), else None."""
    last = game.answers[-1] if game.answers else None
    if not game.complete or last is None or last.value != STOP or game.system.phases is None:
        return None
    before = Game(
        game.origin,
        assumptions=game.assumptions,
        answers=game.answers[:-1],
        facts=game.facts,
        seed=game.seed,
        tables=game.house,
    )
    menu = before.prompt
    if not isinstance(menu, Decision) or menu.clock is None or menu.key != last.key:
        return None
    return menu


def ending(game: Game) -> str:
    """How a complete ``game`` ended, in a sentence: "The players stopped the game in Turn
    4, collect income phase." when the last answer stopped a turn-by-turn game at its turn's
    menu (the turn and phase are those of the menu it answered), else "Every rule has been
    resolved."; empty while the game is not complete."""
    if not game.complete:
        return ""
    menu = stopped(game)
    if menu is None or menu.clock is None:
        return RESOLVED
    clock = menu.clock
    return f"The players stopped the game in {clock.turn_label}, {clock.phase_label} phase."


def asks_no_die(game: Game) -> bool:
    """True when no die is to be rolled or typed in ``game`` now: it is complete, or it goes
    turn by turn and what it asks is no die (a turn's dice, if any, follow a chosen action)."""
    if game.complete:
        return True
    return game.system.phases is not None and not isinstance(game.prompt, Roll | Rolls)


def batch_result(system: RuleSystem, prompt: Rolls, value: Mapping[str, int]) -> str:
    """A batch's dice in one line: how many gave each result, in the order the dice list
    their results ("French area dice: 7 Vichy, 3 Free French (5.5)"); no count goes before
    the batch's label, which may start with the power rolling."""
    counts = Counter(prompt.outcomes_of(value).values())
    order = dict.fromkeys(o.label for m in prompt.members for o in m.outcomes)
    said = ", ".join(f"{counts[k]} {result_name(system, k)}" for k in order if counts[k])
    return f"{prompt.label}: {said} ({prompt.rule})"


def describe_pending(game: Game, prompt: Prompt, auto: bool = True) -> str:
    """Several lines: who acts, what is asked, the choices and how to answer on the command
    line (``auto``: whether --auto would take a decision's default)."""
    lines = [f"Waiting for: {actor(game, prompt)}: {prompt.label} ({prompt.rule})"]
    if prompt.help:
        lines += textwrap.wrap(prompt.help, 78, initial_indent="  ", subsequent_indent="  ")
    if isinstance(prompt, Decision):
        for o in prompt.options:
            mark = " (default)" if o.value == prompt.default else ""
            off = "" if o.enabled else f"  not allowed: {o.reason}"
            lines.append(f"  {o.value:<10} {o.label}{mark}{off}")
        default = ", or --auto for the default" if auto else ""
        lines.append(f"Answer with --decide {prompt.key}=VALUE{default}.")
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
        lines.append(f"  Report a {prompt.number}, {prompt.low} to {prompt.high}.")
        lines.append(f"Answer with --decide {prompt.key}=N (or in a --facts file).")
    elif isinstance(prompt, Rolls):
        lines.append(f"  Roll {len(prompt.members)} at once:")
        for member in prompt.members:
            lines.append(f"  {member.key:<24} {member.label} ({member.dice})")
        example = ",".join(f"{m.key}:{m.dice.low}" for m in prompt.members[:2])
        lines.append("Pass them with --dice, one value per member in the order listed, or")
        lines.append(f"with --decide {prompt.key}=KEY:VALUE,... (e.g. {example}),")
        first = prompt.members[0]
        lines.append(f"or die by die with --decide KEY=VALUE (e.g. {first.key}={first.dice.low}),")
        lines.append("or let the seed roll them.")
    return "\n".join(lines)


def parse_decision(prompt: Prompt, text: str) -> AnswerValue:
    """The answer ``text`` stands for: an option, a die total, ``key:total,...`` for a batch
    of rolls, or ``id[:amount],...`` for a selection.

    Raises IllegalAnswer naming the prompt key for text that cannot be read.
    """
    if isinstance(prompt, Decision):
        return text
    if isinstance(prompt, Roll | Fact):
        return decode.integer(text, prompt.key)
    if isinstance(prompt, Rolls):
        return _parse_batch(prompt, text)
    picked: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        ident, _, amount = part.partition(":")
        try:
            picked[ident] = picked.get(ident, 0) + (decode.integer(amount, "") if amount else 1)
        except IllegalAnswer:
            raise IllegalAnswer(prompt.key, f"{part!r}: write ID or ID:AMOUNT") from None
    return picked


def _parse_batch(prompt: Rolls, text: str) -> dict[str, int]:
    """Member key -> total from ``key:total,...``; raises IllegalAnswer for a part that is
    not ``KEY:TOTAL`` or a key given twice (which totals are legal is the prompt's check)."""
    rolled: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.rpartition(":")
        try:
            total = decode.integer(value, prompt.key)
        except IllegalAnswer:
            total = None
        if not sep or not key.strip() or total is None:
            raise IllegalAnswer(prompt.key, f"{part!r}: write KEY:TOTAL for each member")
        if key.strip() in rolled:
            raise IllegalAnswer(key.strip(), "given twice; keep one")
        rolled[key.strip()] = total
    return rolled
