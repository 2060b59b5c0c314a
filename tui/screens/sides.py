"""A shared game as one side sees it, in words: who this player is, whom they wait for, and
what the other side did since the screen last looked (answers given, answers taken back,
an undo asked).
"""

from __future__ import annotations

from armistice.core.game import Game
from armistice.core.prompts import Answer
from armistice.host.base import Host, UndoAsked, UndoEnded
from armistice.host.records import SPECTATOR, Kind, Mode
from armistice.host.words import answer_words, answered, called, others, player_name

POLL = 0.25
"""Seconds between two looks at a shared game's store for what the other side did."""


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


def undo_open(game: Game, side: str | None, asker: str, what: str, key: str) -> str:
    """What the prompt says while the undo ``asker`` asked (to take back ``what``, their last
    answer in words) is not settled, as ``side`` reads it: the asker waits, the other player
    is told ``key`` puts the question again, a spectator is told it is asked."""
    if asker == side:
        return (
            f"You asked to take back your last answer ({what}): waiting for "
            f"{others(game, side)} to accept or refuse."
        )
    who = upper(player_name(game, asker))
    if side == SPECTATOR:
        return f"{who} asks to take back their last answer ({what})."
    return f"{who} asks to take back their last answer ({what}): {key} to accept or refuse."


def undo_closed(
    game: Game, side: str | None, asked: UndoAsked, what: str, ended: UndoEnded | None
) -> str:
    """What ``side`` is told once the undo ``asked`` (to take back ``what``) is no longer
    open, by the record that closed it (``ended``): accepted or refused only as an undo
    record says (by ``side`` itself: on another terminal, as a dashboard does not tell its
    own back), else lapsed because a player went on (answered or took a link)."""
    mine = asked.side == side
    whose = "your" if mine else f"{player_name(game, asked.side)}'s"
    if ended is None or ended.ask != asked.index:
        return f"The request to take back {whose} last answer ({what}) is no longer open"
    here = ended.side == side
    who = "You" if here else upper(player_name(game, ended.side))
    elsewhere = " on another terminal" if here else ""
    if ended.kind is Kind.UNDO_YES:
        return f"{who} accepted{elsewhere} taking back {whose} last answer ({what})"
    if ended.kind is Kind.UNDO_NO:
        return f"{who} refused{elsewhere} to take back {whose} last answer ({what})"
    went = "you" if here else player_name(game, ended.side)
    return (
        f"The request to take back {whose} last answer ({what}) lapsed: "
        f"{went} went on without settling it"
    )


def send_line(host: Host) -> str:
    """By mail, what this player does for the others to see their moves: the ``armistice
    export`` command writing the records made since the other players' last one (which they
    hold, having made it), filled in with this store and game. Empty in a live game, for a
    spectator, or when the others made the last record."""
    if not host.shared:
        return ""
    from armistice.host.shared import SharedHost  # loaded already: the host is one

    if not isinstance(host, SharedHost) or host.header.mode is not Mode.MAIL:
        return ""
    if host.side == SPECTATOR:
        return ""
    records = host.records
    since = max((r.index for r in records if r.side != host.side), default=0)
    if since == len(records):
        return ""
    return (
        f"By mail: send {others(host.game, host.side)} your moves: "
        f"armistice export --game {host.store.path}:{host.name} --since {since} "
        f"-o {host.name}-{len(records)}.json"
    )
