"""The shared host: one game in a store, attached to by several processes, each as a side.

A :class:`SharedHost` replays the game's records into a :class:`~armistice.core.game.Game`
when it attaches, checking their chain, and takes in what other processes add when it is
refreshed (poll :meth:`SharedHost.refresh` every quarter second). Every change it makes is
committed to the store before it returns, so what a player sees is stored. A side answers
only the prompts of the powers it plays; a spectator answers nothing. A die is drawn from
fresh randomness at the moment it is rolled (a live game), so nothing stored beforehand
foretells it and reloading never rolls it again. Undo is asked for and settled by the other
side, each step a record; nothing is deleted.

Example::

    store = Store("games.db", create=True)
    store.create(header_for(Game(scenario.load("rulebook-example-fall-1940")), "fall"))
    axis = SharedHost(store, "fall", "axis")
    allies = SharedHost(Store("games.db"), "fall", "allies")
    axis.answer("yes")
    allies.refresh()   # True: the Axis answer is in
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from armistice.core import decode, systems, tablefiles
from armistice.core.errors import ArmisticeError, GameOver, IllegalAnswer
from armistice.core.game import NEXT, Game, rolled
from armistice.core.prompts import (
    Answer,
    AnswerValue,
    Prompt,
    Roll,
    Rolls,
    Via,
)
from armistice.core.scenario import from_mapping
from armistice.host import chain, keys
from armistice.host.records import SPECTATOR, Header, Kind, Mode, Record, StoreError
from armistice.host.store import Store, Taken
from armistice.host.words import called, last_words, others, player_name

if TYPE_CHECKING:
    from armistice.host.mail import Table
    from armistice.host.openssh import asyncssh

GIVEN = {
    Mode.LIVE: (Via.DECIDED, Via.DEFAULT, Via.TYPED, Via.DRAWN),
    Mode.MAIL: (Via.DECIDED, Via.DEFAULT, Via.TYPED, Via.AGREED),
}
"""How an answer may be given in a shared game of each mode. Never from the seed: every
player could read it in the store and foretell the dice."""


DICE = {
    Mode.LIVE: "drawn at random",
    Mode.MAIL: "agreed from both players' secrets",
}
"""How a shared game of each mode rolls its dice, in a few words."""

MOVES = (Kind.ANSWER, Kind.LINK, Kind.UNDO_YES)
"""The records that move a game to another position."""

Change = tuple[Kind, dict[str, Any], Callable[[], object] | None]
"""A change applied to a host's game: the record's kind and body to commit, and what takes
the change back if the store refuses it (None: the game itself did not change)."""


class Asked(msgspec.Struct, frozen=True):
    """An undo asked and not yet settled: the ``side`` asking, the ``answer`` it would take
    back and the ``index`` of the record that asks."""

    side: str
    answer: Answer
    index: int


class Ended(msgspec.Struct, frozen=True):
    """How the last undo asked was closed: the ``ask`` (index of the record asking), the
    ``kind`` of the record that closed it (undo-yes, undo-no; an answer or a link: the ask
    lapsed) and the ``side`` that made that record."""

    ask: int
    kind: Kind
    side: str


class Overview(msgspec.Struct, frozen=True):
    """A game as ``armistice games`` lists it: ``name``, ``system`` key, ``mode``, whose
    ``turn`` it is ("the Axis player", "either player", "complete"), the ``answers`` it holds
    as it stands (links taken included, answers taken back not) and its ``records``."""

    name: str
    system: str
    mode: Mode
    turn: str
    answers: int
    records: int


def header_for(
    game: Game, name: str, mode: Mode = Mode.LIVE, keys: Mapping[str, str] | None = None
) -> Header:
    """The header of a new shared game called ``name`` that starts where ``game`` started:
    its first scenario, assumptions and house tables; ``keys``: player key -> OpenSSH public
    key line. Raises StoreError for a key given for a side the scenario does not declare."""
    players = [p.key for p in game.sides.players]
    for side in keys or {}:
        if side not in players:
            raise StoreError(
                f"keys.{side}", f"no such side; the scenario's players are {', '.join(players)}"
            )
    return Header(
        name=name,
        system=game.origin.system,
        scenario=msgspec.json.decode(chain.canonical(game.origin)),
        assumptions=dict(game.assumptions),
        tables=dict(game.house.texts) if game.house else {},
        mode=mode,
        keys={side: " ".join(line.split()[:2]) for side, line in (keys or {}).items()},
    )


def game_of(header: Header, where: str) -> Game:
    """The game ``header`` describes, before any record. Raises StoreError naming ``where``
    when the engine refuses its system, tables, scenario or assumptions."""
    try:
        system = systems.get(header.system, where)
        house = tablefiles.restore(system, header.tables, where)
        scenario = from_mapping(header.scenario, where, house)
        return Game(scenario, assumptions=header.assumptions, seed=0, tables=house)
    except ArmisticeError as error:
        raise StoreError(where, f"its header does not give a game: {error.reason}") from None


def overview(store: Store) -> list[Overview]:
    """Every game of ``store``, by name, with whose turn it is (replayed to find out); a game
    that cannot be replayed is listed with its error in place of the turn."""
    rows = []
    for entry in store.games():
        try:
            viewer = SharedHost(store, entry.name, SPECTATOR)
            prompt = viewer.game.prompt
            turn = "complete" if prompt is None else viewer.waiting_for(prompt)
            answers = len(viewer.game.answers)
        except StoreError as error:
            turn, answers = f"unreadable: {error.reason}", 0
        rows.append(Overview(entry.name, entry.system, entry.mode, turn, answers, entry.records))
    return rows


def _field(record: Record, name: str, kind: type, at: str) -> Any:
    """The body field ``name`` of ``record``, of type ``kind``; StoreError naming ``at``."""
    value = record.body.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise StoreError(at, f"{record.kind.label} without a valid {name!r}")
    return value


class SharedHost:
    """A game in ``store`` called ``name``, attached as ``side`` (a player key of its
    scenario, or ``spectator``), signing each record it makes with ``identity`` (an asyncssh
    Ed25519 private key) when the header records a key for the side.

    ``server``: the Ed25519 host key of an SSH server that seats the side's key (see
    :mod:`armistice.host.seats`). In a live game whose header records a key for the side,
    and with no ``identity``, it signs the side's records in the player's stead, provided
    ``store`` trusts it (:meth:`~armistice.host.store.Store.trust`); a game by mail refuses
    it, since there each player signs with their own key.

    Attaching replays every record and checks the chain, with the signatures of the server
    keys the store trusts standing for a side's in a live game. Raises StoreError when the
    game is missing, a record breaks the chain or does not replay (naming it), the side is
    not one of the scenario's players, the header records a key for the side and neither
    ``identity`` nor a trusted ``server`` signs for it, ``identity`` is another key, or
    ``server`` is given for a game by mail. Implements :class:`armistice.host.base.Host`.
    """

    shared = True

    def __init__(
        self,
        store: Store,
        name: str,
        side: str,
        identity: asyncssh.SSHKey | None = None,
        *,
        server: asyncssh.SSHKey | None = None,
    ) -> None:
        self.store = store
        self.name = name
        self.where = f"{store.path}: game {name}"
        self.header = store.header(name)
        self._game = game_of(self.header, self.where)
        players = [p.key for p in self._game.sides.players]
        if side not in (*players, SPECTATOR):
            raise StoreError(
                self.where,
                f"no side {side!r}; attach as one of {', '.join(players)} or {SPECTATOR}",
            )
        self._side = side
        if server is not None and self.header.mode is Mode.MAIL:
            raise StoreError(
                self.where,
                "a game by mail takes no server key: each player signs with their own key",
            )
        self._sign: chain.Signer | None = None
        public = self.header.keys.get(side)
        if public and identity is None and server is not None:
            self._sign = self._server_signer(server, side)
        elif public:
            if identity is None:
                raise StoreError(
                    self.where, f"the game records a key for {side}: attach with its private key"
                )
            mine = keys.public_line(identity)
            if mine != public:
                raise StoreError(self.where, f"that key is not the {side} key the game records")
            self._sign = chain.signer(identity)
        self._records: list[Record] = []
        self._entries: list[int] = []
        self._asked: Asked | None = None
        self._ended: Ended | None = None
        self._stamp: tuple[int, int] | None = None
        self._table: tuple[int, Table | None] | None = None
        self.refresh()

    def _server_signer(self, server: asyncssh.SSHKey, side: str) -> chain.Signer:
        """What signs ``side``'s records with the server key ``server``; StoreError naming
        the store and the game when the key is not Ed25519 or the store does not trust it."""
        line = keys.public_line(keys.ed25519(server, f"{self.where}: server key"))
        if line not in self.store.servers():
            raise StoreError(
                self.where,
                f"the game records a key for {side}, and {self.store.path} does not trust the "
                f"server key ({keys.fingerprint(line)}) to sign for it",
            )
        return chain.signer(server)

    @property
    def game(self) -> Game:
        """The game as the records read so far make it."""
        return self._game

    @property
    def side(self) -> str:
        """The player key answered for, or ``spectator``."""
        return self._side

    @property
    def records(self) -> Sequence[Record]:
        """Every record taken in so far, in order (read it, never change it)."""
        return self._records

    @property
    def dice(self) -> str:
        """How this game's dice are rolled: drawn at random when rolled (live), or agreed from
        both players' secrets (by mail)."""
        return DICE[self.header.mode]

    @property
    def undo_asked(self) -> Asked | None:
        """The undo asked and not yet settled, if any."""
        return self._asked

    @property
    def undo_ended(self) -> Ended | None:
        """How the last undo asked was closed (accepted, refused, or lapsed by an answer or
        a link), if one was while attached."""
        return self._ended

    def may_answer(self, prompt: Prompt) -> bool:
        """Whether this side answers ``prompt`` now: its power's player, or either side when
        it names no power; by mail, a die waiting for this side's commitment or secret,
        whoever's die it is; never a spectator, nor a side whose own undo asked is not yet
        settled."""
        if self._side == SPECTATOR or self._own_ask():
            return False
        table = self._die_table(prompt)
        if table is not None:
            return table.step(self._side) is not None
        return self._owns(prompt)

    def _owns(self, prompt: Prompt) -> bool:
        """Whether ``prompt`` is this side's: its power's player, or no power named."""
        player = self._game.player(prompt)
        return player is None or player.key == self._side

    def waiting_for(self, prompt: Prompt) -> str:
        """Whom ``prompt`` waits for when this side may not answer it: "the Axis player", or
        by mail "the Allied player's secret", or "the Allied player to accept or refuse
        taking back your last answer" while this side's undo asked is not settled; empty
        when this side may answer it."""
        if self.may_answer(prompt):
            return ""
        if self._own_ask():
            return (
                f"{others(self._game, self._side)} to accept or refuse taking back your last answer"
            )
        table = self._die_table(prompt)
        if table is not None and table.waiting():
            what = "commitment" if len(table.commits) < len(table.players) else "secret"
            names = " and ".join(player_name(self._game, k) for k in table.waiting())
            return f"{names}'s {what}"
        return called(self._game, self._game.player(prompt))

    def _die_table(self, prompt: Prompt) -> Table | None:
        """By mail, the commit-and-reveal table of the die ``prompt`` when the game waits for
        it (replayed once for each record taken in); None in a live game or for another
        prompt."""
        now = self._game.prompt
        if self.header.mode is not Mode.MAIL or now is None or now.key != prompt.key:
            return None
        if not isinstance(now, Roll | Rolls):
            return None
        count = len(self._records)
        if self._table is None or self._table[0] != count:
            from armistice.host import mail  # mail builds on this module

            self._table = (count, mail.referee(self.store, self.name).pending_die())
        return self._table[1]

    def _own_ask(self) -> bool:
        """Whether this side asked the undo that is not yet settled."""
        return self._asked is not None and self._asked.side == self._side

    def _not_asking(self, what: str) -> None:
        """Raise IllegalAnswer naming ``what`` while this side's own undo asked is not yet
        settled: it goes on only once the other side accepts or refuses it."""
        asked = self._asked
        if asked is not None and asked.side == self._side:
            raise IllegalAnswer(
                what,
                f"you asked to take back {last_words(self._game)}; "
                f"{others(self._game, self._side)} has not answered yet",
            )

    def _pending(self, what: str) -> Prompt:
        """The prompt this side is to answer; IllegalAnswer naming ``what`` for a spectator or
        another side's prompt, GameOver when nothing is asked."""
        if self._side == SPECTATOR:
            raise IllegalAnswer(what, "a spectator answers nothing")
        self._not_asking(what)
        prompt = self._game.prompt
        if prompt is None:
            raise GameOver(what, "the resolution is complete; nothing is asked")
        if not self.may_answer(prompt):
            raise IllegalAnswer(prompt.key, f"waiting for {self.waiting_for(prompt)}")
        return prompt

    def answer(self, value: AnswerValue, via: Via = Via.DECIDED) -> None:
        """Answer this side's pending prompt (see Game.answer) and commit it; a die given
        here is typed. Raises IllegalAnswer for another side's prompt, a spectator, or a die
        said to be rolled, drawn or agreed (:meth:`roll` makes those); StoreError when the
        store cannot take it or another terminal answered first (nothing is kept then)."""

        def make() -> Change:
            prompt = self._pending("answer")
            if via in (Via.ROLLED, Via.DRAWN, Via.AGREED):
                raise IllegalAnswer(
                    prompt.key, f"a die cannot be given as {via.value} here: roll it, or type it"
                )
            if not self._owns(prompt):
                owner = called(self._game, self._game.player(prompt))
                raise IllegalAnswer(
                    prompt.key, f"only {owner} types this die; roll it to give your secret"
                )
            table = self._die_table(prompt)
            if table is not None and table.commits:
                raise IllegalAnswer(
                    prompt.key,
                    "its players began to commit secrets for it: roll it to agree it",
                )
            return self._answered(value, via)

        self._moved(self._change(make))

    def roll(self) -> AnswerValue | None:
        """Roll this side's pending die or batch: in a live game from fresh randomness drawn
        now (nothing stored before foretells it), committed as the answer; returns it. By
        mail, dice are agreed by commit and reveal (:meth:`_roll_by_mail`). Raises
        IllegalAnswer when no die of this side is pending."""
        if self.header.mode is Mode.MAIL:
            return self._roll_by_mail()
        self._die()

        def make() -> Change:
            pending = self._die()
            return self._answered(
                rolled(pending, secrets.randbelow(decode.MAX_INT + 1), 0), Via.DRAWN
            )

        self._moved(self._change(make))
        return self._game.answers[-1].value

    def _die(self) -> Roll | Rolls:
        """This side's pending die or batch; IllegalAnswer when none is pending."""
        prompt = self._pending("roll")
        if not isinstance(prompt, Roll | Rolls):
            raise IllegalAnswer("roll", "the game is not waiting for a die roll")
        return prompt

    def _roll_by_mail(self) -> AnswerValue | None:
        """This side's next step in agreeing the pending die by commit and reveal, which
        every player takes, whoever's die it is (:func:`armistice.host.mail.step`, repeated
        while this side can go on): the agreed answer once this side completes the reveals,
        else None (waiting for another player's commitment or secret)."""
        from armistice.host import mail

        if self._side == SPECTATOR:
            raise IllegalAnswer("roll", "a spectator answers nothing")
        self._not_asking("roll")
        while (record := mail.step(self.store, self.name, self._side, self._sign)) is not None:
            self.refresh()
            if record.kind is Kind.ANSWER:
                return self._game.answers[-1].value
        return None

    def _answered(self, value: AnswerValue, via: Via) -> Change:
        """Answer the pending prompt in the game: the record to commit, and how to take the
        answer back if the store refuses it."""
        self._game.answer(value, via)
        given = self._game.answers[-1]
        body = {"key": given.key, "value": given.value, "via": given.via.value}
        return Kind.ANSWER, body, self._game.undo

    def _moved(self, record: Record) -> None:
        """Note that the answer or link ``record`` moved the game on: an undo asked lapses."""
        self._entries.append(record.index)
        self._close(record.kind, record.side)

    def _close(self, kind: Kind, side: str) -> None:
        """Close the undo asked, if any, by a record of ``kind`` made by ``side``."""
        if self._asked is not None:
            self._ended = Ended(self._asked.index, kind, side)
        self._asked = None

    def next(self, key: str, facts: Mapping[str, Any] | None = None) -> None:
        """Start the linked procedure ``key`` with ``facts`` (see Game.next; either side may)
        and commit it. Raises IllegalAnswer for a spectator, and what Game.next raises."""

        def make() -> Change:
            if self._side == SPECTATOR:
                raise IllegalAnswer(NEXT, "a spectator answers nothing")
            self._not_asking(NEXT)
            self._game.next(key, facts)
            return Kind.LINK, {"key": key, "facts": self._game.facts[-1]}, self._game.undo

        self._moved(self._change(make))

    def undo(self) -> None:
        """Ask the other side to accept taking back this side's last answer (or link): the
        ask is committed and the answer stays until the other side accepts. Returns None.
        Raises IllegalAnswer for a spectator, no answer, another side's last answer, or an
        undo already asked."""

        def make() -> Change:
            if self._side == SPECTATOR:
                raise IllegalAnswer("undo", "a spectator answers nothing")
            if not self._entries:
                raise IllegalAnswer("undo", "there is no answer to take back")
            if self._asked is not None:
                raise IllegalAnswer("undo", "an undo is already asked and not yet settled")
            last = self._records[self._entries[-1] - 1]
            if last.side != self._side:
                owner = player_name(self._game, last.side)
                raise IllegalAnswer(
                    "undo", f"the last answer is {owner}'s: only they may ask to take it back"
                )
            return Kind.UNDO_ASK, {"answer": last.index}, None

        record = self._change(make)
        self._asked = Asked(self._side, self._game.answers[-1], record.index)

    def settle_undo(self, accept: bool) -> None:
        """Accept (the answer is taken back for every viewer) or refuse the undo the other
        side asked for, and commit it. Raises IllegalAnswer for a spectator, when none is
        asked, or when this side asked it."""

        def make() -> Change:
            asked = self._asked
            if self._side == SPECTATOR:
                raise IllegalAnswer("undo", "a spectator answers nothing")
            if asked is None:
                raise IllegalAnswer("undo", "no undo is asked")
            if asked.side == self._side:
                raise IllegalAnswer("undo", "this side asked it: the other side settles it")
            return (Kind.UNDO_YES if accept else Kind.UNDO_NO), {"ask": asked.index}, None

        record = self._change(make)
        self._close(record.kind, record.side)
        if accept:
            self._game.undo()
            self._entries.pop()

    def _change(self, make: Callable[[], Change]) -> Record:
        """Commit the record ``make`` gives (having checked it against the game and applied
        it) as the next record of this side, signed when the game asks it; returns it.

        When another terminal wrote that record's number first: take back what ``make``
        applied, take in what was written, and try again if it left the game where it was
        (an undo asked or refused, a die secret); else raise StoreError saying what was
        answered there. Any other StoreError is raised with the change taken back."""
        while True:
            kind, body, rollback = make()
            try:
                record = self.store.append(
                    self.name, kind, self._side, body, index=len(self._records) + 1, sign=self._sign
                )
            except StoreError as error:
                if rollback is not None:
                    rollback()
                if not isinstance(error, Taken):
                    raise
                seen = len(self._records)
                self.refresh()
                moved = [r for r in self._records[seen:] if r.kind in MOVES]
                if moved:
                    told = "; ".join(self._say(r) for r in moved)
                    raise StoreError(
                        error.where, f"answered on another terminal first: {told}"
                    ) from None
                continue
            self._records.append(record)
            return record

    def _say(self, record: Record) -> str:
        """A record in a few words: "an answer by axis: establish_vichy = yes"."""
        body = record.body
        what = f": {body['key']} = {body.get('value', '')}".rstrip(" =") if "key" in body else ""
        return f"{record.kind.label} by {record.side}{what}"

    def refresh(self) -> bool:
        """Take in the records other processes have committed since the last look; True when
        there were any. Cheap when nothing changed (one query). Raises StoreError naming the
        first record that breaks the chain or does not replay, each time it is called, with
        the records before it taken in."""
        stamp = self.store.stamp()
        if stamp == self._stamp:
            return False
        new = self.store.records(self.name, since=len(self._records))
        if new:
            after = self._records[-1] if self._records else None
            signed = self.header.keys and self.header.mode is Mode.LIVE
            servers = self.store.servers() if signed else frozenset()
            chain.verify(self.header, new, self.store.path, after, servers)
            for record in new:
                self._take(record)
        self._stamp = stamp  # only once all is in: a record that breaks is met again
        return bool(new)

    def _take(self, record: Record) -> None:
        """Apply a stored record to the game; StoreError naming it when it does not replay."""
        at = f"{self.where}, record {record.index}"
        game = self._game
        players = [p.key for p in game.sides.players]
        if record.side not in players:
            raise StoreError(at, f"made by {record.side!r}, who plays no side of this game")
        try:
            if record.kind is Kind.ANSWER:
                self._take_answer(record, at)
            elif record.kind is Kind.LINK:
                facts = record.body.get("facts", {})
                if not isinstance(facts, dict):
                    raise StoreError(at, "a link taken without valid 'facts'")
                game.next(_field(record, "key", str, at), facts)
                self._entries.append(record.index)
                self._close(record.kind, record.side)
            elif record.kind is Kind.UNDO_ASK:
                self._take_ask(record, at)
            elif record.kind in (Kind.UNDO_YES, Kind.UNDO_NO):
                self._take_settle(record, at)
            elif self.header.mode is not Mode.MAIL:
                raise StoreError(at, f"{record.kind.label} in a live game, where no die is agreed")
        except IllegalAnswer as error:
            raise StoreError(at, f"does not replay: {error}") from None
        self._records.append(record)

    def _take_answer(self, record: Record, at: str) -> None:
        """Apply a stored answer: the prompt it names, by the side that answers it (an
        agreed die: by any player), given the way this mode allows."""
        game = self._game
        key = _field(record, "key", str, at)
        prompt = game.prompt
        if prompt is None:
            raise StoreError(at, f"answers {key!r} but the game asks nothing by then")
        if key != prompt.key:
            raise StoreError(at, f"answers {key!r} but the game asks {prompt.key!r}")
        try:
            via = Via(str(record.body.get("via")))
        except ValueError:
            raise StoreError(
                at, f"an answer given in an unknown way: {record.body.get('via')!r}"
            ) from None
        player = game.player(prompt)
        # an agreed die is recorded by whichever player completes the reveals
        if player is not None and player.key != record.side and via is not Via.AGREED:
            raise StoreError(
                at, f"{record.side} answers {key!r}, which {called(game, player)} answers"
            )
        if via not in GIVEN[self.header.mode]:
            raise StoreError(
                at, f"an answer given as {via.value}, which a {self.header.mode.value} game refuses"
            )
        value = record.body.get("value")
        if not isinstance(value, int | str | dict) or isinstance(value, bool):
            raise StoreError(at, "an answer without a valid 'value'")
        game.answer(value, via)
        self._entries.append(record.index)
        self._close(record.kind, record.side)

    def _take_ask(self, record: Record, at: str) -> None:
        """Apply an undo asked: it must name the asking side's own last answer."""
        target = _field(record, "answer", int, at)
        if not self._entries or self._entries[-1] != target:
            raise StoreError(at, f"asks to take back record {target}, which is not the last answer")
        if self._records[target - 1].side != record.side:
            raise StoreError(at, f"asks to take back record {target}, which another side made")
        if self._asked is not None:
            raise StoreError(at, "asks an undo while another is not yet settled")
        self._asked = Asked(record.side, self._game.answers[-1], record.index)

    def _take_settle(self, record: Record, at: str) -> None:
        """Apply an undo accepted or refused: by another side than the one that asked it."""
        ask = _field(record, "ask", int, at)
        asked = self._asked
        if asked is None or asked.index != ask:
            raise StoreError(at, f"settles record {ask}, which is no undo waiting to be settled")
        if asked.side == record.side:
            raise StoreError(at, "settles an undo the same side asked")
        self._close(record.kind, record.side)
        if record.kind is Kind.UNDO_YES:
            self._game.undo()
            self._entries.pop()
