"""A shared game as one side sees it, in words: who this player is, whom they wait for, and
what the other side did since the screen last looked (answers given, answers taken back,
an undo asked).
"""

from __future__ import annotations

from armistice.core.game import Game
from armistice.core.prompts import Answer, Decision, Prompt, Roll, Rolls, Selection
from armistice.core.sides import Player
from armistice.host.records import SPECTATOR
from armistice.host.shared import called

POLL = 0.25
"""Seconds between two looks at a shared game's store for what the other side did."""


def player_name(game: Game, side: str) -> str:
    """The player ``side`` (a player key of ``game``) as a sentence names them, as the host
    does (:func:`~armistice.host.shared.called`): "the Axis player", "the Allied player";
    ``spectator``: "a spectator"; an unknown key stands for itself."""
    if side == SPECTATOR:
        return "a spectator"
    player = next((p for p in game.sides.players if p.key == side), None)
    return side if player is None else called(game, player)


def playing(game: Game, side: str | None) -> str:
    """Who this player is, in a sentence: "You play the Axis." or "You are watching.";
    empty in hot seat (``side`` None: every side is played here)."""
    if side is None:
        return ""
    if side == SPECTATOR:
        return "You are watching."
    label = next((p.label for p in game.sides.players if p.key == side), side)
    return f"You play the {label}."


def short_side(game: Game, side: str | None) -> str:
    """What the header puts before the game's facts: "Axis player", "Spectator"; empty in
    hot seat."""
    if side is None:
        return ""
    if side == SPECTATOR:
        return "Spectator"
    return upper(player_name(game, side).removeprefix("the "))


def upper(words: str) -> str:
    """``words`` with its first letter a capital, to start a sentence."""
    return words[:1].upper() + words[1:]


def others(game: Game, side: str | None) -> str:
    """The players other than ``side``: "the Allied player" (two or more: joined by "or")."""
    names = [player_name(game, p.key) for p in game.sides.players if p.key != side]
    return " or ".join(names) or "the other player"


def answered(game: Game, number: int) -> tuple[Prompt | None, Player | None]:
    """The prompt that answer ``number`` (from 1) of ``game`` answered, found by replaying
    the answers before it, and the player who answers it (None: either may); no prompt when
    the answer took a link."""
    before = Game(
        game.origin,
        assumptions=game.assumptions,
        answers=game.answers[: number - 1],
        facts=game.facts,
        seed=game.seed,
        tables=game.house,
    )
    prompt = before.prompt
    if prompt is None or prompt.key != game.answers[number - 1].key:
        return None, None
    return prompt, before.player(prompt)


def answer_words(prompt: Prompt | None, answer: Answer) -> str:
    """``answer`` to ``prompt`` as a player reads it: the prompt's label, then the option's
    label for a decision ("Establish Vichy France? Establish Vichy France"), a die's total
    ("Lebanon-Syria colonial die: rolled 4"), each member's total of a batch, or each item
    picked with its amount; a link taken reads "go on to KEY"."""
    value = answer.value
    if prompt is None:
        return f"go on to {value}"
    if isinstance(prompt, Decision):
        shown = next((o.label for o in prompt.options if o.value == value), str(value))
    elif isinstance(prompt, Rolls) and isinstance(value, dict):
        labels = {m.key: m.label for m in prompt.members}
        shown = ", ".join(f"{labels.get(k, k)} {v}" for k, v in value.items())
    elif isinstance(prompt, Selection) and isinstance(value, dict):
        labels = {i.id: i.label for i in prompt.items}
        shown = ", ".join(
            labels.get(k, k) + (f" ({v})" if v > 1 else "") for k, v in value.items() if v
        )
        shown = shown or "none"
    else:
        shown = str(value)
    verb = "rolled " if isinstance(prompt, Roll | Rolls) else ""
    colon = "" if prompt.label.endswith("?") else ":"
    return f"{prompt.label}{colon} {verb}{shown}"


def last_words(game: Game) -> str:
    """The last answer of ``game`` in words (:func:`answer_words`); empty when none."""
    if not game.answers:
        return ""
    return answer_words(answered(game, len(game.answers))[0], game.answers[-1])


def news(before: tuple[Answer, ...], game: Game, side: str | None) -> list[str]:
    """What changed in ``game`` since its answers were ``before``, as notices: each answer
    taken back ("Taken back: ..."), then each answer given on another terminal, naming the
    player ("The Axis player answered Establish Vichy France? Establish Vichy France");
    answers given by ``side``
    itself are not told back to it."""
    now = game.answers
    same = 0
    while same < min(len(now), len(before)) and now[same] == before[same]:
        same += 1
    said = []
    if len(before) > same:
        prompt = game.prompt if len(now) == same else None
        first = before[same]
        what = (
            answer_words(prompt, first)
            if prompt is not None and prompt.key == first.key
            else first.key
        )
        more = len(before) - same - 1
        said.append(f"Taken back: {what}" + (f" and {more} more" if more else ""))
    for number in range(same + 1, len(now) + 1):
        prompt, player = answered(game, number)
        if side is not None and player is not None and player.key == side:
            continue
        who = "A player" if player is None else upper(called(game, player))
        said.append(f"{who} answered {answer_words(prompt, now[number - 1])}")
    return said
