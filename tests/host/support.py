"""Shared games for the host tests: a store holding the rule-book example of 58."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from armistice.core import scenario
from armistice.core.game import Game
from armistice.host import chain, keys
from armistice.host.openssh import asyncssh
from armistice.host.records import Header, Kind, Mode
from armistice.host.shared import header_for
from armistice.host.store import Store

EXAMPLE = "rulebook-example-fall-1940"
"""Six prompts: establish_vichy (Axis), two colony rolls (Allies), three Vichy fleet
selections (Axis); then it links to the Vichy diplomatic table (awaw.vichy)."""


def example_header(name: str = "fall", mode: Mode = Mode.LIVE, **keys: str) -> Header:
    """The header of a shared game of the rule-book example called ``name``."""
    return header_for(Game(scenario.load(EXAMPLE), seed=1), name, mode, keys)


def new_store(path: Path, *headers: Header) -> Store:
    """A new store at ``path`` holding a game for each of ``headers``."""
    store = Store(path, create=True)
    for header in headers:
        store.create(header)
    return store


def new_key() -> asyncssh.SSHKey:
    """A new Ed25519 private key."""
    return asyncssh.generate_private_key("ssh-ed25519")


def player_keys() -> dict[str, asyncssh.SSHKey]:
    """A new Ed25519 private key for each side of the rule-book example."""
    return {side: new_key() for side in ("axis", "allies")}


def keyed_store(
    path: Path,
    players: Mapping[str, asyncssh.SSHKey],
    *headers: Header,
    mode: Mode = Mode.LIVE,
) -> Store:
    """A new store at ``path`` holding a game ``fall`` played ``mode`` that records the
    public key of each of ``players`` (side -> private key) for its side, and a game for each
    of ``headers``."""
    lines = {side: keys.public_line(key) for side, key in players.items()}
    return new_store(path, example_header("fall", mode, **lines), *headers)


def answer_signed(store: Store, side: str, key: str, value: object, by: asyncssh.SSHKey) -> None:
    """Append to game ``fall`` of ``store`` the answer ``value`` to the prompt ``key`` made
    by ``side`` (typed), signed with the private key ``by``, bypassing every host."""
    body = {"key": key, "value": value, "via": "typed"}
    store.append("fall", Kind.ANSWER, side, body, sign=chain.signer(by))
