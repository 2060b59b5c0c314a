"""Who is who: the powers of a game, their alignment, and the players who answer for them.

Prompts name the *power* that acts (``germany``, ``britain``); a player controls one or
more powers (the British player also plays France after the Anniversary game's
liberation). A rule system declares its powers and default players; a scenario may
hand the powers out differently in its ``players`` table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from armistice.core.errors import ScenarioError
from armistice.core.words import Word


class Alignment(Word):
    """Which side of the war a power is on; positive levels and results favour the Axis."""

    AXIS = "axis", "Axis"
    ALLIED = "allied", "Allied"
    NEUTRAL = "neutral", "neutral"


class Power(msgspec.Struct, frozen=True):
    """A power of the game: ``key`` as prompts name it, its ``label`` and ``alignment``."""

    key: str
    label: str
    alignment: Alignment


class Player(msgspec.Struct, frozen=True):
    """A person at the table: ``key``, ``label`` and the keys of the ``powers`` they play."""

    key: str
    label: str
    powers: tuple[str, ...]


class Sides(msgspec.Struct, frozen=True):
    """The powers of a game and the players that control them; every power has one player."""

    powers: tuple[Power, ...]
    players: tuple[Player, ...]

    def power(self, key: str) -> Power:
        """The power called ``key``; raises KeyError for an unknown one."""
        for power in self.powers:
            if power.key == key:
                return power
        raise KeyError(key)

    def player_of(self, power: str) -> Player:
        """The player who answers for ``power``; raises KeyError if nobody does."""
        for player in self.players:
            if power in player.powers:
                return player
        raise KeyError(power)

    def assigned(self, players: Mapping[str, tuple[str, ...]], source: str) -> Sides:
        """These sides with the powers handed out as a scenario's ``players`` table says
        (player key -> power keys); unnamed players keep no power they were given elsewhere.

        Raises ScenarioError naming ``players.<key>`` for an unknown power, a power given
        twice, or a power left without a player.
        """
        if not players:
            return self
        known = {p.key for p in self.powers}
        owner: dict[str, str] = {}
        for key, powers in players.items():
            for power in powers:
                if power not in known:
                    raise ScenarioError(
                        source,
                        f"players.{key}",
                        f"unknown power {power!r}; known: {', '.join(sorted(known))}",
                    )
                if power in owner:
                    raise ScenarioError(
                        source, f"players.{key}", f"{power} is already played by {owner[power]}"
                    )
                owner[power] = key
        for default in self.players:
            if default.key not in players:
                for power in default.powers:
                    owner.setdefault(power, default.key)
        missing = sorted(known - owner.keys())
        if missing:
            raise ScenarioError(source, "players", f"nobody plays {', '.join(missing)}")
        labels = {p.key: p.label for p in self.players}
        keys = list(dict.fromkeys([*labels, *players]))
        return Sides(
            self.powers,
            tuple(
                Player(
                    k,
                    labels.get(k, k),
                    tuple(p for p in (q.key for q in self.powers) if owner.get(p) == k),
                )
                for k in keys
                if any(owner.get(p.key) == k for p in self.powers)
            ),
        )


SIDE_PLAYERS = (("axis", "Axis", Alignment.AXIS), ("allies", "Allies", Alignment.ALLIED))
"""The two players of a game played by side (key, label, the side whose powers they play)."""


def by_side(powers: Iterable[Power]) -> Sides:
    """``powers`` played by side: the Axis player plays every Axis power, the Allied player
    every Allied one; a neutral power is left out (it answers nothing)."""
    at_war = tuple(p for p in powers if p.alignment is not Alignment.NEUTRAL)
    return Sides(
        at_war,
        tuple(
            Player(key, label, tuple(p.key for p in at_war if p.alignment is side))
            for key, label, side in SIDE_PLAYERS
        ),
    )
