"""A shared game's players and answers in words, as the other players read them: "the Axis
player", "Establish Vichy France? Establish Vichy France". Pure functions of a game, for the
dashboard and the command line alike.
"""

from __future__ import annotations

from armistice.core.game import Game
from armistice.core.prompts import Answer, Decision, Prompt, Roll, Rolls, Selection
from armistice.core.sides import Alignment, Player
from armistice.host.records import SPECTATOR


def called(game: Game, player: Player | None) -> str:
    """How a player is named to the others: "the Axis player", "the Allied player" (by the
    alignment of the powers they play), else "the LABEL player"; None: "either player"."""
    if player is None:
        return "either player"
    sides = {game.sides.power(p).alignment for p in player.powers}
    if len(sides) == 1 and (side := sides.pop()) is not Alignment.NEUTRAL:
        return f"the {side.label} player"
    return f"the {player.label} player"


def player_name(game: Game, side: str) -> str:
    """The player ``side`` (a player key of ``game``) as a sentence names them, by
    :func:`called`: "the Axis player", "the Allied player";
    ``spectator``: "a spectator"; an unknown key stands for itself."""
    if side == SPECTATOR:
        return "a spectator"
    player = next((p for p in game.sides.players if p.key == side), None)
    return side if player is None else called(game, player)


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
