"""Play by mail: move files between two stores, checked record by record, and dice agreed
by commit and reveal so that neither player alone can choose or foresee a roll.

Each player keeps the game in a store of their own. ``export`` writes the records after a
given one to a move file; ``import_moves`` appends a move file's records to the receiver's
store once every record passes: the same game (its root), continuing the receiver's last
record, an intact hash chain, each record signed by the key the game recorded for its side,
each answer given by the side whose prompt it answers, and every die agreed as its
players' secrets give it. Nothing is written unless the whole file passes.

A die by mail (a Roll, or a batch of Rolls) concerns every player of the game. Each
contributes a fresh secret of 32 bytes: first every player commits to theirs by its
:func:`digest`, then, once every commitment is in, each reveals the secret itself. The
die's seed is :func:`seed_of` the revealed secrets in the players' order, and the answer
is what that seed rolls (:func:`armistice.core.game.rolled`), recorded as agreed
(``Via.AGREED``) by whoever completes the reveals. A player who has seen no other secret
cannot foresee the roll, and one who has seen them all can no longer change their own.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from armistice.core import decode
from armistice.core.errors import ArmisticeError, IllegalAnswer
from armistice.core.game import rolled
from armistice.core.prompts import AnswerValue, Roll, Rolls, Via
from armistice.host import chain, keys
from armistice.host.records import Header, Kind, Mode, Record, StoreError
from armistice.host.shared import GIVEN, game_of
from armistice.host.store import Store
from armistice.host.words import called

FORMAT = "armistice-moves"
"""The ``format`` every move file names."""
VERSION = 1
"""The move-file version written; a newer one is refused."""
SECRET_BYTES = 32
"""The length of a player's die secret, in bytes (hex in a record: twice as many digits)."""


class MoveFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A move file: ``format`` (:data:`FORMAT`) and ``version``, the ``game``'s name and
    ``root`` (hex SHA-256 of its header), ``since``: the number of the last record the
    receiver is expected to hold, the ``records`` after it in order, and the game's
    ``header`` when ``since`` is 0, so that the receiver can create the game."""

    format: str
    version: int
    game: str
    root: str
    since: int
    records: list[Record]
    header: Header | None = None


def new_secret() -> str:
    """A fresh die secret from the system's randomness: :data:`SECRET_BYTES` bytes, hex."""
    return secrets.token_hex(SECRET_BYTES)


def digest(root: str, at: int, die: str, side: str, secret: str) -> str:
    """The commitment (hex SHA-256) of ``side``'s ``secret`` (hex) for the die ``die`` (the
    prompt key) first asked after record ``at``, in the game whose root is ``root``:
    the hash of the JSON array ``[root, at, die, side, secret]``, so a commitment is bound
    to one die of one game and cannot be replayed for another."""
    return hashlib.sha256(msgspec.json.encode([root, at, die, side, secret])).hexdigest()


def seed_of(revealed: Sequence[str]) -> int:
    """The seed the secrets ``revealed`` (hex, in the players' order) give a die: the first
    8 bytes of the SHA-256 of the secrets one after another, as a big-endian integer, modulo
    ``decode.MAX_INT + 1``."""
    whole = hashlib.sha256(b"".join(bytes.fromhex(s) for s in revealed)).digest()
    return int.from_bytes(whole[:8], "big") % (decode.MAX_INT + 1)


def agreed(prompt: Roll | Rolls, revealed: Sequence[str]) -> int | dict[str, int]:
    """The answer the secrets ``revealed`` (hex, players' order) give ``prompt``: a total,
    or member key -> total for a batch."""
    return rolled(prompt, seed_of(revealed), 0)


class Table(msgspec.Struct):
    """The commit-and-reveal table of the die the game waits for: the ``die`` (prompt key),
    ``at``, the record after which the game first asked it (0: before any record; a die
    asked again after an undo is a new table, with new secrets), the ``players`` it concerns (player keys in
    order) and what each has committed (``commits``: side -> digest) and revealed
    (``reveals``: side -> secret)."""

    die: str
    at: int
    players: tuple[str, ...]
    commits: dict[str, str] = {}
    reveals: dict[str, str] = {}

    def step(self, side: str) -> Kind | None:
        """What ``side`` gives next: COMMIT before it has committed (while no secret is
        revealed), REVEAL once every player has committed, ANSWER once every secret is
        revealed; None while it waits for another player."""
        if len(self.reveals) == len(self.players):
            return Kind.ANSWER
        if side not in self.commits:
            return None if self.reveals else Kind.COMMIT
        if len(self.commits) == len(self.players) and side not in self.reveals:
            return Kind.REVEAL
        return None

    def waiting(self) -> tuple[str, ...]:
        """The players the die waits for now, in order."""
        if len(self.commits) < len(self.players):
            return tuple(p for p in self.players if p not in self.commits)
        return tuple(p for p in self.players if p not in self.reveals)

    def secrets_in_order(self) -> list[str]:
        """Every revealed secret, in the players' order (call once all are in)."""
        return [self.reveals[p] for p in self.players]


class Refused(Exception):
    """A record the referee refuses; ``reason`` says why (the caller names the place)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Referee:
    """A game's records replayed in order into a :class:`Game`, each checked as the other
    player would check it: an answer to the prompt the game asks, given by the side that
    plays its power (either side for a prompt of no power, a link or its facts), a die by
    mail agreed by its players' secrets (or typed, before anyone committed to it), commits
    and reveals in their order, undo asked for one's own last answer and settled by another
    side. ``root`` is the game's root hash; ``take`` raises :class:`Refused`."""

    def __init__(self, header: Header, root: str, source: str) -> None:
        self.header = header
        self.root = root
        self.game = game_of(header, source)
        self.table: Table | None = None
        self._made: list[tuple[int, str]] = []
        """The record index and side of each answer and link the game holds, in order."""
        self._asked: dict[int, str] = {}
        """The unsettled undo asked, if any: its record index -> the side asking."""
        self._changed = 0
        """The index of the last record that changed the game (answer, link, undo)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The player keys of the running procedure, in order."""
        return tuple(p.key for p in self.game.sides.players)

    def take(self, record: Record) -> None:
        """Check ``record`` and apply it to the game; raises Refused (nothing changes)."""
        if record.side not in self.players:
            raise Refused(f"made by {record.side!r}, not a player of this game")
        body = record.body
        try:
            match record.kind:
                case Kind.ANSWER:
                    self._answer(record.side, body)
                case Kind.LINK:
                    self.game.next(str(body["key"]), body.get("facts") or {})
                case Kind.COMMIT:
                    self._commit(record.side, body)
                    return
                case Kind.REVEAL:
                    self._reveal(record.side, body)
                    return
                case Kind.UNDO_ASK:
                    self._ask(record, int(body["answer"]))
                    return
                case Kind.UNDO_YES | Kind.UNDO_NO:
                    self._settle(record, int(body["ask"]))
                    return
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, ArmisticeError):
                raise Refused(str(error)) from None
            raise Refused(f"{record.kind.label} with a malformed body: {error!r}") from None
        self._made.append((record.index, record.side))
        self._changed = record.index
        self.table = None
        self._asked.clear()

    def pending_die(self) -> Table | None:
        """The table of the die the game waits for, started when none is."""
        prompt = self.game.prompt
        if not isinstance(prompt, Roll | Rolls):
            return None
        if self.table is None:
            self.table = Table(prompt.key, self._changed, self.players, {}, {})
        return self.table

    def _answer(self, side: str, body: Mapping[str, object]) -> None:
        prompt = self.game.prompt
        via = Via(str(body.get("via", Via.DECIDED)))
        value: AnswerValue = body["value"]  # type: ignore[assignment]
        if prompt is not None and body["key"] != prompt.key:
            raise Refused(f"answers {body['key']!r} but the game asks {prompt.key!r}")
        player = self.game.player(prompt) if prompt is not None else None
        if isinstance(prompt, Roll | Rolls) and via is Via.AGREED:
            table = self.pending_die()
            assert table is not None
            if table.step(side) is not Kind.ANSWER:
                waiting = ", ".join(table.waiting())
                raise Refused(f"an agreed die before every secret is revealed (waiting: {waiting})")
            given = agreed(prompt, table.secrets_in_order())
            if prompt.check(value) != given:
                raise Refused(f"a reroll: the players' secrets give {given}, not {value}")
        elif player is not None and player.key != side:
            raise Refused(
                f"{side} answers {body['key']!r}, which {called(self.game, player)} answers"
            )
        elif isinstance(prompt, Roll | Rolls) and self.header.mode is Mode.MAIL:
            if via is not Via.TYPED and via is not Via.DECIDED:
                raise Refused(f"a die {via} by one player alone; by mail a die is agreed or typed")
            if self.table is not None and self.table.commits:
                raise Refused("a die typed after its players began to commit secrets for it")
        if via not in GIVEN[self.header.mode]:
            raise Refused(f"an answer given as {via}, which a {self.header.mode} game refuses")
        self.game.answer(value, via)

    def _commit(self, side: str, body: Mapping[str, object]) -> None:
        table = self._table_for(body)
        if side in table.commits:
            raise Refused(f"{side} commits a second secret for {table.die}")
        if table.reveals:
            raise Refused(f"{side} commits after a secret for {table.die} was revealed")
        table.commits[side] = str(body["digest"])

    def _reveal(self, side: str, body: Mapping[str, object]) -> None:
        table = self._table_for(body)
        if len(table.commits) < len(table.players):
            waiting = ", ".join(table.waiting())
            raise Refused(f"a secret revealed before every player committed (waiting: {waiting})")
        if side in table.reveals:
            raise Refused(f"{side} reveals a second secret for {table.die}")
        secret = str(body["secret"])
        if (
            len(secret) != 2 * SECRET_BYTES
            or digest(self.root, table.at, table.die, side, secret) != table.commits[side]
        ):
            raise Refused(f"{side}'s secret for {table.die} does not match its commitment")
        table.reveals[side] = secret

    def _table_for(self, body: Mapping[str, object]) -> Table:
        table = self.pending_die()
        if table is None:
            raise Refused("a die secret while the game asks for no die")
        if body["die"] != table.die or body["at"] != table.at:
            raise Refused(
                f"a secret for {body['die']} asked after record {body['at']}, but the game "
                f"asks {table.die} since record {table.at}"
            )
        return table

    def _ask(self, record: Record, answer: int) -> None:
        if not self._made or self._made[-1][0] != answer:
            raise Refused(f"asks to take back record {answer}, which is not the last answer")
        if self._made[-1][1] != record.side:
            raise Refused(f"{record.side} asks to take back record {answer}, another side's answer")
        if self._asked:
            raise Refused("an undo is already asked and not settled")
        self._asked[record.index] = record.side

    def _settle(self, record: Record, ask: int) -> None:
        if ask not in self._asked:
            raise Refused(f"settles record {ask}, which is no undo awaiting an answer")
        if self._asked[ask] == record.side:
            raise Refused(f"{record.side} settles its own undo; the other side settles it")
        del self._asked[ask]
        if record.kind is Kind.UNDO_YES:
            self.game.undo()
            self._made.pop()
            self._changed = record.index
            self.table = None


def export(store: Store, name: str, since: int = 0) -> bytes:
    """The move file of game ``name`` with its records after record ``since`` (with the
    game's header when ``since`` is 0), as UTF-8 JSON. Raises StoreError naming the store and
    the game when the game is missing, ``since`` is past its last record, its chain is
    broken, or a record is signed by the SSH server that served it, not by its player (each
    naming the record): a move file carries the players' own signatures only."""
    header, records = store.header(name), store.records(name)
    chain.verify(header, records, store.path, servers=store.servers())
    for record in records:
        public = header.keys.get(record.side)
        if public and not chain.signed_by(public, record.hash, record.sig):
            raise StoreError(
                f"{store.path}: game {name}, record {record.index}",
                "signed by the SSH server that served the game, not by its player; a move "
                "file carries the players' own signatures, so a served game stays on its server",
            )
    if not 0 <= since <= len(records):
        raise StoreError(
            f"{store.path}: game {name}",
            f"--since {since}: the game holds records 1 to {len(records)}",
        )
    moves = MoveFile(
        FORMAT,
        VERSION,
        name,
        store.root(name),
        since,
        records[since:],
        header if since == 0 else None,
    )
    return msgspec.json.encode(moves) + b"\n"


def read(data: bytes, source: str) -> MoveFile:
    """The move file ``data`` holds; raises StoreError naming ``source`` for anything that is
    not a move file this armistice reads (another document, a newer version, a field of the
    wrong type, a truncated file)."""
    try:
        plain = msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise StoreError(source, f"not a move file: cut short or not JSON ({error})") from None
    if not isinstance(plain, dict) or plain.get("format") != FORMAT:
        raise StoreError(source, f"not an armistice move file (no format {FORMAT!r})")
    version = plain.get("version")
    if isinstance(version, int) and version > VERSION:
        raise StoreError(
            source,
            f"move file version {version} is newer than this armistice reads ({VERSION}): "
            "upgrade armistice",
        )
    try:
        return msgspec.convert(plain, MoveFile)
    except msgspec.ValidationError as error:
        raise StoreError(source, f"not a move file armistice can read: {error}") from None


def whose(header: Header, mine: str, where: str) -> str:
    """The side whose recorded public key is ``mine`` (a public key line, as
    :func:`armistice.host.keys.public_line` writes it) in the game ``header`` describes.
    Raises StoreError naming ``where`` when no side records it: a sender could have recorded
    their own key for the receiver's side, and so agree every die alone."""
    for side, line in header.keys.items():
        if line == mine:
            return side
    recorded = ", ".join(f"{side} {keys.fingerprint(line)}" for side, line in header.keys.items())
    raise StoreError(
        where,
        f"your key is recorded for no side (the file records {recorded}): refused, since "
        "whoever recorded the keys could sign for you; ask the sender for a file with your key",
    )


def import_moves(
    store: Store,
    name: str,
    data: bytes,
    source: str,
    mine: str | None = None,
    *,
    own_key: bool = False,
) -> list[Record]:
    """Append the records of the move file ``data`` (read from ``source``) to game ``name``
    of ``store``, creating the game from the file's header when the store lacks it; returns
    the records appended (none for a file already imported, or for the first file of a game
    that holds no record yet, which creates the game).

    The file must be of game ``name`` with the store's root, continue the records the store
    holds (its ``since`` at most the store's last record; records the store holds already
    are skipped when they are the same and refused when they differ), keep the hash chain
    and carry each side's signature by the key the header records, and every new record
    must pass the :class:`Referee`. When ``mine`` (the importer's public key line) is given
    and the game records keys, one of them must be ``mine`` (:func:`whose`); with
    ``own_key`` (``armistice import``) a file that creates a game recording keys needs
    ``mine``. Raises
    StoreError naming ``source``, the game and the record number (``FILE: game NAME, record
    N``) and the reason; nothing is written then.
    """
    moves = read(data, source)
    where = f"{source}: game {moves.game}"
    if moves.game != name:
        raise StoreError(where, f"a move file for game {moves.game}, not {name}")
    if moves.header is not None and (
        moves.header.name != name or chain.root(moves.header) != moves.root
    ):
        raise StoreError(where, "its header does not match the game's root hash")
    known = name in store.names()
    if known:
        header, root = store.header(name), store.root(name)
        if root != moves.root:
            raise StoreError(where, f"belongs to another game also named {name} (its root differs)")
    elif moves.header is None:
        raise StoreError(
            where,
            f"{store.path} does not hold the game, and the file starts after record "
            f"{moves.since}: import the first move file, made with --since 0",
        )
    else:
        header, root = moves.header, moves.root
        if own_key and header.keys and mine is None:
            raise StoreError(
                where,
                "the game records the players' keys: import it with --identity KEYFILE, your "
                "private key, to check that one of them is yours",
            )
    if mine is not None and header.keys:
        whose(header, mine, where)
    held = store.records(name) if known else []
    if moves.since > len(held):
        raise StoreError(
            f"{where}, record {moves.since + 1}",
            f"starts after record {moves.since}, but {store.path} holds {len(held)}: the "
            f"move file with records {len(held) + 1} to {moves.since} is missing",
        )
    chain.verify(header, moves.records, source, held[moves.since - 1] if moves.since else None)
    for record in moves.records[: len(held) - moves.since]:
        if record.hash != held[record.index - 1].hash:
            raise StoreError(
                f"{where}, record {record.index}",
                f"differs from record {record.index} that {store.path} holds: the game has "
                "forked (a record taken back and made again?)",
            )
    new = moves.records[len(held) - moves.since :]
    if new:
        referee = Referee(header, root, source)
        for record in held:
            _referee_take(referee, record, f"{store.path}: game {name}")
        for record in new:
            _referee_take(referee, record, where)
    if not known:
        store.create(header)
    if new:
        store.extend(name, new)
    return new


def _referee_take(referee: Referee, record: Record, where: str) -> None:
    """``referee.take(record)``, a refusal raised as StoreError at ``where``, record N."""
    try:
        referee.take(record)
    except Refused as refused:
        raise StoreError(f"{where}, record {record.index}", refused.reason) from None


def referee(store: Store, name: str) -> Referee:
    """A referee that has taken every record of game ``name`` in ``store``; raises
    StoreError naming the store, the game and the first record refused."""
    judge = Referee(store.header(name), store.root(name), store.path)
    for record in store.records(name):
        _referee_take(judge, record, f"{store.path}: game {name}")
    return judge


def step(store: Store, name: str, side: str, sign: chain.Signer | None = None) -> Record | None:
    """``side``'s next move for the die game ``name`` waits for, by mail, committed to
    ``store`` (signed with ``sign``): its commitment to a fresh secret (the secret kept in
    the store's private table, never exported), its secret revealed once every player has
    committed, or the die's answer once every secret is revealed. Returns the record made,
    None while the die waits for another player.

    Raises IllegalAnswer when the game waits for no die, StoreError when this store lacks the
    secret its side committed to (committed from another store) or cannot take the record."""
    judge = referee(store, name)
    table = judge.pending_die()
    prompt = judge.game.prompt
    if table is None or not isinstance(prompt, Roll | Rolls):
        raise IllegalAnswer("roll", "the game is not waiting for a die roll")
    index = len(store.records(name)) + 1
    kept = store.secret(name, table.die, table.at, side)
    match table.step(side):
        case Kind.COMMIT:
            if kept is None:
                kept = bytes.fromhex(new_secret())
                store.keep_secret(name, table.die, table.at, side, kept)
            body: dict[str, Any] = {
                "die": table.die,
                "at": table.at,
                "digest": digest(judge.root, table.at, table.die, side, kept.hex()),
            }
            return store.append(name, Kind.COMMIT, side, body, index=index, sign=sign)
        case Kind.REVEAL:
            if kept is None:
                raise StoreError(
                    f"{store.path}: game {name}",
                    f"{side}'s secret for {table.die} is not kept in this store; reveal it "
                    "from the store that committed it",
                )
            body = {"die": table.die, "at": table.at, "secret": kept.hex()}
            return store.append(name, Kind.REVEAL, side, body, index=index, sign=sign)
        case Kind.ANSWER:
            value = agreed(prompt, table.secrets_in_order())
            body = {"key": prompt.key, "value": value, "via": Via.AGREED.value}
            return store.append(name, Kind.ANSWER, side, body, index=index, sign=sign)
    return None
