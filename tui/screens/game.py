"""The dashboard of one game: prompt, odds, the rule system's panels, log and assumptions.

The screen talks to a :class:`host.base.Host`, which holds the :class:`core.game.Game`;
every widget renders from the host's game and answers come back as messages, which the
screen hands to the host. Errors from core or the store become notifications, and the
game stays as it was.
"""

from __future__ import annotations

import logging
from functools import partial
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Grid, Horizontal, ScrollableContainer, VerticalScroll
from textual.lazy import Lazy
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Header, TabbedContent, TabPane

from armistice.core import scenario
from armistice.core.errors import ArmisticeError, ScenarioError
from armistice.core.game import NEXT, Game
from armistice.core.prompts import (
    Answer,
    AnswerValue,
    Decision,
    Option,
    Prompt,
    Roll,
    Rolls,
    Selection,
    Via,
)
from armistice.core.scenario import convert
from armistice.core.words import counted
from armistice.host.base import Host, LocalHost, UndoAsked
from armistice.host.records import SPECTATOR
from armistice.host.words import last_words
from armistice.tui import panels, saves
from armistice.tui.handover import Handover
from armistice.tui.keys import ALWAYS
from armistice.tui.prompting import RESOLVED, actor, asks_no_die, batch_result, ending
from armistice.tui.screens import sides
from armistice.tui.widgets.footer import Footer
from armistice.tui.widgets.odds import OddsPanel
from armistice.tui.widgets.prompt import PromptPanel, refusal_title
from armistice.tui.widgets.record import AssumptionsPanel, LogPanel

if TYPE_CHECKING:
    from armistice.tui.screens.dialogs import Settle

WIDE = 120
HOUSE = "House tables"
"""The fact a game's summary adds when it plays under house tables."""
TITLE = "armistice"
EDGES = 18
"""Columns of the header that its icon (8) and the room kept for a clock (10) take."""
CHROME = EDGES + len(f"{TITLE} — ")
"""Columns of the header that its edges (:data:`EDGES`) and ``armistice — `` take."""
PHASE = "Phase"
"""The label of the fact that names the phase of a turn, the header's most needed."""
ALONE = (PHASE, "Turn")
"""The labels of facts whose value reads alone (a phase, a power's or a season's turn)."""


class Body(Widget):
    """The state panels, log and assumptions: when wide, the first three panels in a grid and
    the rest in tabs; when narrow, all in tabs.

    Mounted lazily, just after the prompt's first frame, in the layout ``wide`` says.
    """

    wide: reactive[bool] = reactive(False, recompose=True)

    class Laid(Message):
        """The panels were (re)built and need rendering."""

    def __init__(self, host: Host, wide: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_reactive(Body.wide, wide)
        self.host = host
        self.composed_for = host.game.system.key

    @property
    def game(self) -> Game:
        """The host's game as it stands."""
        return self.host.game

    def compose(self) -> ComposeResult:
        self.composed_for = self.game.system.key
        state = panels.panels(self.game)
        extra: list[Widget] = [
            LogPanel(id="log", markup=False),
            AssumptionsPanel(id="assumed"),
        ]
        gridded, tabbed = (state[:3], [*state[3:], *extra]) if self.wide else ([], [*state, *extra])
        if gridded:
            with Grid(id="grid"):
                for place, widget in enumerate(gridded):
                    shown = scrolling(widget)
                    shown.border_title = widget.TITLE  # type: ignore[attr-defined]
                    shown.set_class(place == 0, "-tall")
                    yield shown
        with TabbedContent(id="tabs"):
            for widget in tabbed:
                with TabPane(widget.TITLE, id=f"tab-{widget.id}"):  # type: ignore[attr-defined]
                    yield scrolling(widget)
        self.call_after_refresh(self.post_message, self.Laid())

    def panels(self) -> list[Widget]:
        """Every widget here that renders from the game."""
        found = self.query("#grid > *, TabPane > *, .scrolling > *")
        return [w for w in found if hasattr(w, "show")]


def scrolling(widget: Widget) -> Widget:
    """``widget`` itself if it scrolls, else ``widget`` in a container that scrolls; either
    takes the focus, so that its content can be scrolled from the keyboard."""
    if isinstance(widget, ScrollableContainer | ScrollView):
        return widget
    return VerticalScroll(widget, classes="scrolling")


NOTICES = 4
"""The most notices one step of the game puts on screen."""

SHORT = 30, 2
"""Below this many rows, at most this many notices a step, so they never hide the prompt."""


log = logging.getLogger("armistice.dashboard")

FILE_ACTIONS = ("save", "open", "new_game")
"""The actions that read or write this machine's files (a new game goes by the start screen)."""


class GameScreen(Screen[None]):
    """Play one resolution through ``host`` (a :class:`LocalHost` for hot seat); ``typing``:
    dice typed in rather than rolled by the app. ``saved`` holds the answers of the last
    save (or of the game as opened), to tell what a quit would lose."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    BINDINGS = [
        *ALWAYS,
        Binding(
            "r",
            "roll",
            "Roll",
            id="roll",
            tooltip="Roll the pending die, or every die of a batch, from the seed",
        ),
        Binding(
            "d",
            "dice_mode",
            "Dice mode",
            id="dice-mode",
            tooltip="Switch between dice rolled by the app and dice typed in",
        ),
        Binding(
            "u",
            "undo",
            "Undo",
            id="undo",
            tooltip="Take back the last answer (a shared game: ask the other side to, or "
            "answer their ask)",
        ),
        # Reached only when the action above is greyed out: says why nothing happens.
        Binding("r", "unavailable('roll')", show=False, id="roll"),
        Binding("u", "unavailable('undo')", show=False, id="undo"),
        Binding("d", "unavailable('dice_mode')", show=False, id="dice-mode"),
        Binding("s", "save", "Save", id="save", tooltip="Write a save file"),
        Binding("o", "open", "Open", id="open", tooltip="Open a save file"),
        Binding("n", "new_game", "New", id="new-game", tooltip="Choose another scenario"),
        Binding(
            "a",
            "assumptions",
            "Assumptions",
            id="assumptions",
            tooltip="See or change the named assumptions",
        ),
    ]

    def __init__(self, host: Host, typing: bool = False) -> None:
        # Starts with the breakpoint class of the window's width, so that its first resize
        # does not restyle every widget.
        super().__init__(classes="-wide" if self.app.size.width >= WIDE else "-narrow")
        self.host = host
        game = host.game
        self.typing = typing
        self.saved = game.answers
        self.handover: Handover | None = None
        self._told = len(game.log)
        self._asked: Prompt | None = game.prompt
        self.taken_back: Answer | None = None
        self._enabled: tuple[bool | None, ...] = ()
        self._ending: tuple[tuple[Answer, ...] | None, str] = (None, "")
        # The undo last seen asked and the answer it takes back in words; the question
        # putting it to this player while it is shown.
        self._undo: tuple[UndoAsked, str] | None = None
        self._question: Settle | None = None
        self._trouble = ""

    @property
    def game(self) -> Game:
        """The host's game as it stands: read it, change it only through :attr:`host`."""
        return self.host.game

    @property
    def unsaved(self) -> int:
        """How many answers differ from the last save: given since, or taken back since (none
        in a shared game: its store keeps every answer as it is given)."""
        if self.host.shared:
            return 0
        now, saved = self.game.answers, self.saved
        same = 0
        while same < min(len(now), len(saved)) and now[same] == saved[same]:
            same += 1
        return len(now) + len(saved) - 2 * same

    @property
    def unsaved_words(self) -> str:
        """:attr:`unsaved` in words: ``1 unsaved answer``, ``2 unsaved answers``."""
        return counted(self.unsaved, "unsaved answer")

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="top"):
            yield PromptPanel(self.pending(), id="prompt")
            with VerticalScroll(id="odds-box"):
                yield OddsPanel(id="odds")
        yield Lazy(Body(self.host, self.app.size.width >= WIDE, id="body"))
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self.refresh_views)
        house = dict(self.game.summary.facts).get(HOUSE)
        if house:
            self.notify(house, title=f"Playing under {HOUSE.lower()}", timeout=10)
        if self.host.shared:
            self.set_interval(sides.POLL, self.poll)
            self.call_after_refresh(self.undo_news)

    def on_resize(self) -> None:
        for body in self.query(Body):
            body.wide = self.size.width >= WIDE
        self._title()

    def _title(self) -> None:
        """The header: the game's facts (:func:`titles`), after the side played in a shared
        game ("Axis player · ...")."""
        side = sides.short_side(self.game, self.host.side)
        width = self.size.width - (len(side) + 3 if side else 0)
        self.title, self.sub_title = titles(self.game.summary.facts, width)
        if side:
            self.sub_title = f"{side} · {self.sub_title}"

    def waiting(self) -> str:
        """Whom the game waits for when this side may not answer what the prompt panel asks
        ("the Axis player"); empty when it may, or nothing is asked."""
        prompt = self.pending()
        if prompt is None or self.host.may_answer(prompt):
            return ""
        return self.host.waiting_for(prompt) or sides.others(self.game, self.host.side)

    def poll(self) -> None:
        """Take in what other terminals stored (a shared game): tell each answer given or
        taken back there, show the game as it now stands, and ask about an undo the other
        side asked for. A store that cannot be read is said once, until it can again (to a
        player at another machine, only that the server's log says why)."""
        before = self.game.answers
        try:
            changed = self.host.refresh()
        except ArmisticeError as error:
            if str(error) != self._trouble:
                self._trouble = str(error)
                shown = str(error)
                if not getattr(self.app, "files_here", True):
                    log.warning("cannot read the game: %s", error)
                    shown = "The game cannot be read now; the server's log says why."
                self.notify(shown, title="Cannot read the game", severity="error")
            return
        self._trouble = ""
        if changed:
            self._changed(before)
        self.undo_news()

    def _changed(self, before: tuple[Answer, ...]) -> None:
        """Tell what changed since the game's answers were ``before`` and show the game."""
        now = self.game.answers
        if len(now) < len(before) and now == before[: len(now)]:
            self.taken_back = before[len(now)]
        for line in sides.news(before, self.game, self.host.side)[:NOTICES]:
            self.notify(line, timeout=6)
        self.refresh_views()

    def undo_news(self) -> None:
        """Tell how an undo seen asked was closed (accepted or refused, as the record that
        settles it says, or lapsed by an answer given instead), closing the question when it
        was put to this player; then ask this player to settle an undo the other side asked
        for (a spectator is only told of it)."""
        asked, seen, game = self.host.undo_asked, self._undo, self.game
        if seen is not None and (asked is None or asked.index != seen[0].index):
            self._undo = None
            self._close_question()
            said = sides.undo_closed(game, self.host.side, seen[0], seen[1], self.host.undo_ended)
            self.notify(said, timeout=6)
            self.refresh_views()
            self.refresh_bindings()
        if asked is None or self._undo is not None:
            return
        what = last_words(game)
        self._undo = (asked, what)
        self.refresh_views()
        if asked.side == self.host.side:
            return
        who = sides.upper(sides.player_name(game, asked.side))
        if self.host.side == SPECTATOR:
            self.notify(f"{who} asks to take back their last answer ({what})", timeout=6)
            return
        self._ask_question()

    def _ask_question(self) -> None:
        """Put the undo the other side asked to this player: y accepts, n refuses, escape
        leaves it open (the undo key puts it again)."""
        from armistice.tui.screens.dialogs import Settle

        undo = self._undo
        if undo is None or self._question is not None:
            return
        asked, what = undo
        who = sides.upper(sides.player_name(self.game, asked.side))
        question = f"{who} asks to take back their last answer ({what}). Accept?"
        later = self.app.key_of("undo", "u")  # type: ignore[attr-defined]
        self._question = Settle(question, later)
        self.app.push_screen(self._question, partial(self._settled, asked.index))

    def _close_question(self) -> None:
        """Close the question about an undo that is no longer open, if it is shown."""
        question, self._question = self._question, None
        if question is not None and self.app.screen is question:
            question.dismiss(None)

    def _settled(self, ask: int, accept: bool | None) -> None:
        """Settle the undo asked by record ``ask`` as the player answered the question
        (None: left open for later); nothing when it was closed meanwhile."""
        self._question = None
        asked = self.host.undo_asked
        if asked is None or asked.index != ask:
            return
        if accept is None:
            later = self.app.key_of("undo", "u")  # type: ignore[attr-defined]
            self.notify(f"Undo not settled yet: {later} asks again", timeout=4)
            return
        self.settle_undo(accept)

    def settle_undo(self, accept: bool) -> None:
        """Accept or refuse the undo the other side asked for, and show the game as it then
        stands."""
        before = self.game.answers
        try:
            self.host.settle_undo(accept)
        except ArmisticeError as error:
            self.notify(error.reason, title="Undo not settled", severity="warning")
            return
        self._undo = None
        self.notify("Undo accepted" if accept else "Undo refused", timeout=4)
        self._changed(before)

    @on(Body.Laid)
    def refresh_views(self) -> None:
        """Render every panel from the game (the body's once it is mounted)."""
        game = self.game
        summary = game.summary
        self._title()
        for body in self.query(Body):
            body.wide = self.size.width >= WIDE
            if body.composed_for != game.system.key:
                body.composed_for = game.system.key
                body.refresh(recompose=True)
                continue
            for widget in body.panels():
                widget.show(game, summary)  # type: ignore[attr-defined]
        self.set_class(isinstance(game.prompt, Selection), "-choosing")
        who = actor(game, game.prompt) if game.prompt is not None else None
        taken_back, self.taken_back = self.taken_back, None
        prompt_panel = self.query_one(PromptPanel)
        waiting = self.waiting()
        prompt_panel.show(
            self.pending(),
            self.typing,
            self.host.dice,
            who,
            summary.result,
            taken_back,
            self.ending(),
            (
                (waiting, sides.playing(game, self.host.side), sides.send_line(self.host))
                if waiting
                else ("", "", "")
            ),
            self._undo_line(),
        )
        self.query_one(OddsPanel).show(game)
        self.announce(game)
        focus = self.focused
        if self.pending() is None and (focus is None or prompt_panel in focus.ancestors):
            self._focus_a_panel()
        enabled = tuple(self.check_action(a, ()) for a in ("roll", "undo", "dice_mode"))
        if enabled != self._enabled:
            self._enabled = enabled
            self.refresh_bindings()

    def _undo_line(self) -> str:
        """What the prompt panel says of an undo asked and not yet settled (empty: none)."""
        if self._undo is None:
            return ""
        asked, what = self._undo
        later = self.app.key_of("undo", "u")  # type: ignore[attr-defined]
        return sides.undo_open(self.game, self.host.side, asked.side, what, later)

    def announce(self, game: Game) -> None:
        """Notify what the log gained since last time and asks to be announced: what a die
        gave, a step taken without asking. A batch of rolls just answered is one notice
        first, how many dice gave each result (the log keeps each die). At most
        :data:`NOTICES` notices a step (fewer in a short window: :data:`SHORT`), the last
        saying how many more the log holds, so a step that changes much does not cover the
        screen."""
        told, asked = game.log[self._told :], self._asked
        self._told, self._asked = len(game.log), game.prompt
        last = game.answers[-1] if game.answers else None
        said = []
        if isinstance(asked, Rolls) and told and last is not None and last.key == asked.key:
            assert isinstance(last.value, dict)
            said.append(batch_result(game.system, asked, last.value))
        said += [f"{entry.text} ({entry.rule})" for entry in told if entry.announce]
        rows, few = SHORT
        most = NOTICES if self.app.size.height >= rows else min(NOTICES, few)
        if len(said) > most:
            more = len(said) - most + 1
            said = [*said[: most - 1], f"and {more} more: see the Log tab"]
        for line in said:
            self.notify(line, timeout=6)

    def _focus_a_panel(self) -> None:
        """Give the focus to the first panel in view (nothing is asked any more)."""
        shown = [*self.query("#grid > *")]
        for tabs in self.query("#tabs").results(TabbedContent):
            if tabs.active_pane is not None:
                shown += tabs.active_pane.children
        if shown:
            shown[0].focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what cannot be done now; hide Roll and Dice mode while the game asks no
        die (:func:`asks_no_die`), and the file actions from a player not at this machine."""
        if action in ("roll", "dice_mode") and asks_no_die(self.game):
            return False
        if action in FILE_ACTIONS and not getattr(self.app, "files_here", True):
            return False
        if action in ("roll", "dice_mode") and self.waiting():
            return None
        if action == "undo" and (self.host.side == SPECTATOR or self._asked_undo()):
            return None
        if action == "roll":
            return (isinstance(self.game.prompt, Roll | Rolls) and not self.typing) or None
        if action == "undo":
            return bool(self.game.answers or self.handover) or None
        return True

    def ending(self) -> str:
        """:func:`ending` of the game, worked out once per position."""
        if self._ending[0] != self.game.answers:
            self._ending = (self.game.answers, ending(self.game))
        return self._ending[1]

    def pending(self) -> Prompt | None:
        """What the prompt panel asks now: a fact of the link being started, or :func:`pending`."""
        if self.handover is not None and self.game.complete:
            return self.handover.prompt
        return pending(self.game)

    def _asked_undo(self) -> bool:
        """Whether this side asked for an undo the other side has not yet settled."""
        asked = self.host.undo_asked
        return asked is not None and asked.side == self.host.side

    def action_unavailable(self, action: str) -> None:
        """Say briefly why ``action`` ("roll", "undo" or "dice_mode") does nothing now."""
        waiting, side = self.waiting(), self.host.side
        if action == "undo" and side == SPECTATOR:
            why = "A spectator takes nothing back."
        elif action == "undo" and self._asked_undo():
            why = f"Undo asked: waiting for {sides.others(self.game, side)} to accept or refuse."
        elif action != "undo" and waiting:
            why = f"Waiting for {waiting}: {sides.playing(self.game, side)}"
        else:
            why = unavailable(self.game, action, self.typing, self.ending())
        self.notify(why, timeout=3)

    def menu_commands(self) -> list[SystemCommand]:
        """The actions the pending turn's menu (a decision with a clock, core/turns.py)
        offers now, in its order, as commands: title the action, help the question and its
        rule; each answers the menu as choosing it at the prompt does. Empty when no such
        menu is pending."""
        prompt = self.pending()
        if not isinstance(prompt, Decision) or prompt.clock is None or self.waiting():
            return []
        return [
            SystemCommand(
                option.label,
                f"{prompt.label} ({prompt.rule})",
                partial(self.answer, prompt.key, option.value, Via.DECIDED),
            )
            for option in prompt.options
            if option.enabled
        ]

    @on(PromptPanel.Answered)
    def _answered(self, event: PromptPanel.Answered) -> None:
        self.answer(event.key, event.value, event.via)

    def answer(self, key: str, value: AnswerValue, via: Via) -> None:
        """Answer the pending prompt ``key`` with ``value`` (given ``via``); an answer for
        a prompt no longer pending (an undo took it back) is ignored, a refused one is said
        at the prompt."""
        prompt = self.pending()
        if prompt is None or prompt.key != key:
            return  # sent for a prompt an undo has since taken back
        if waiting := self.waiting():
            panel = self.query_one(PromptPanel)
            panel.say(
                f"Waiting for {waiting}: this prompt is theirs to answer",
                refusal_title(prompt.label),
            )
            return
        refused = ("", "")
        try:
            if self.handover is not None:
                self.handover.answer(value)
                refused = self._start()
            elif prompt.key == NEXT and self.game.prompt is None:
                link = next(k for k in self.game.links if k.to == value)
                game = self.game
                self.handover = Handover(link, link.start(game.scenario, game.state))
                refused = self._start()
            else:
                self.host.answer(value, via)
        except ArmisticeError as error:
            refused = error.reason, refusal_title(prompt.label)
        self.refresh_views()
        if refused[0]:
            self.query_one(PromptPanel).say(*refused)

    def _start(self) -> tuple[str, str]:
        """Start the link being handed over once its facts are all given (at their
        defaults if they cannot be asked at a prompt). When the linked procedure's first
        question is one of those facts, the fact given answers it, so it is asked once.
        A fact the link refuses is asked again, the other answers kept.

        Returns what to say once the prompt is shown: why a fact was refused and the title
        of that message, or two empty strings."""
        handover = self.handover
        if handover is None or handover.prompt is not None:
            return "", ""
        self.handover = None
        link = handover.link
        try:
            self.host.next(link.to, handover.facts())
        except ArmisticeError as error:
            title = f"Cannot start {link.label}"
            field = (
                error.field if isinstance(error, ScenarioError) and error.source == "facts" else ""
            )
            if field and handover.reopen(field):
                self.handover = handover
                return f"{field}: {error.reason}; change it, the other facts stand", title
            self.query_one(PromptPanel).say(
                f"{error}; start it with armistice resolve --next {link.to} --facts FILE", title
            )
            return "", ""
        asked = self.game.prompt
        if asked is None or asked.key not in handover.answers:
            return "", ""
        try:
            self.host.answer(handover.answers[asked.key], Via.DECIDED)
        except ArmisticeError as error:
            return f"{error.reason} (as given among the facts); choose again", ""
        return "", ""

    def action_roll(self) -> None:
        """Roll the pending die, or every die of a pending batch: from the seed, or in a
        shared game drawn at random now (by mail, this player's part of agreeing it)."""
        try:
            rolled = self.host.roll()
        except ArmisticeError as error:
            self.refresh_views()  # another terminal may have moved the game on meanwhile
            self.query_one(PromptPanel).say(error.reason, "Not rolled")
            return
        self.refresh_views()
        if rolled is None:
            self.notify(
                "Your part of this die is given: it is rolled once every player's is in",
                timeout=6,
            )

    def action_dice_mode(self) -> None:
        """Switch between app-rolled and typed dice for this game."""
        self.typing = not self.typing
        self.notify(
            "Dice: typed in by you" if self.typing else "Dice: rolled by the app", timeout=2
        )
        self.refresh_views()

    def action_undo(self) -> None:
        """Take back the last answer (or fact given for the procedure about to start); in a
        shared game, ask the other side to, or put again the question of the undo the other
        side asked."""
        side = self.host.side
        if self._undo is not None and side not in (self._undo[0].side, SPECTATOR):
            self._ask_question()
            return
        if self.handover is not None:
            if not self.handover.undo():
                self.handover = None
            self.refresh_views()
            return
        game = self.game
        told = game.facts[-1] if game.answers and game.answers[-1].key == NEXT else None
        try:
            taken_back = self.host.undo()
        except ArmisticeError as error:
            self.notify(error.reason, severity="warning")
            self.refresh_views()
            return
        if taken_back is None:
            self._asked_for(self.host.undo_asked)
            return
        self.taken_back = taken_back
        if told is not None:
            self.handover = reopened(game, self.taken_back.value, told)
        self.refresh_views()

    def _asked_for(self, asked: UndoAsked | None) -> None:
        """Tell the player that ``asked``, the undo this side just asked for, waits for the
        other side to accept or refuse it."""
        game = self.game
        what = last_words(game)
        self._undo = (asked, what) if asked is not None else None
        others = sides.others(game, self.host.side)
        self.notify(f"Asked {others} to take back your last answer ({what})", timeout=6)
        self.refresh_views()
        self.refresh_bindings()

    @work
    async def action_save(self) -> None:
        """Ask for a file name and write the save file there."""
        from armistice.tui.screens.dialogs import ChooseFile

        path = await self.app.push_screen_wait(
            ChooseFile(
                "Save to file (a name alone goes in the saves folder):",
                str(saves.default_path(self.game)),
                refused="Not saved",
            )
        )
        if not path:
            return
        target = saves.target(path)
        try:
            written = saves.write(self.game, target)
        except ArmisticeError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return
        except OSError as error:
            self.notify(f"{target}: {error.strerror}", title="Not saved", severity="error")
            return
        self.saved = self.game.answers
        self.notify(f"Saved to {written}", timeout=3)

    @work
    async def action_open(self) -> None:
        """Ask for a save file and open it in place of this game; with unsaved answers, ask
        whether to drop them once the file has opened (so that a name typed at once goes into
        the file name, and a file that does not open drops nothing)."""
        from armistice.tui.screens.dialogs import ChooseFile, Confirm

        path = await self.app.push_screen_wait(
            ChooseFile("Open a save or scenario file:", "", saves.recent())
        )
        opened = open_path(self, saves.located(path)) if path else None
        if opened is None:
            return
        if self.unsaved and not await self.app.push_screen_wait(
            Confirm(f"Drop {self.unsaved_words} and open another game?")
        ):
            return
        self.app.switch_screen(GameScreen(LocalHost(opened), self.typing))

    @work
    async def action_new_game(self) -> None:
        """Go back to the start screen to choose another scenario."""
        from armistice.tui.screens.dialogs import Confirm

        if self.unsaved and not await self.app.push_screen_wait(
            Confirm(f"Drop {self.unsaved_words} and start another game?")
        ):
            return
        self.app.show_start()  # type: ignore[attr-defined]

    @work
    async def action_assumptions(self) -> None:
        """Show the named assumptions; change them while the game has no answers."""
        from armistice.tui.screens.dialogs import ChangeAssumptions

        game = self.game
        values = await self.app.push_screen_wait(
            ChangeAssumptions(game.system.assumptions, game.assumptions, self._fixed())
        )
        if values is None or dict(values) == dict(game.assumptions):
            return
        assert isinstance(self.host, LocalHost)
        self.host.replace(
            Game(game.scenario, assumptions=values, seed=game.seed, tables=game.house)
        )
        self.notify("Assumptions changed", timeout=2)
        self.refresh_views()

    def _fixed(self) -> str:
        """Why the assumptions cannot be changed now; empty when they can."""
        if self.host.shared:
            return "A shared game's assumptions were fixed when it was created."
        if self.game.answers:
            return "The game has answers: assumptions are fixed. Start a new game to change them."
        return ""

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of this screen and what they do."""
        return [
            ("up, down, enter", "choose an option"),
            (
                "space, +, -, enter",
                "in a list to pick from: take or drop an item (a ship, a unit, a territory), one more or less, confirm",
            ),
            ("digits, enter", "type a die's value when dice are typed in (a batch: each in turn)"),
            *(
                (self.app.keys_of(b), b.tooltip or b.description)  # type: ignore[attr-defined]
                for b in self.BINDINGS
                if b.show
                and b not in ALWAYS
                and not (b.action in FILE_ACTIONS and self.check_action(b.action, ()) is False)
            ),
        ]

    def rules_help(self) -> str:
        """The rule summary of this game's system."""
        return self.game.system.help(self.game.tables)


def headline(facts: tuple[tuple[str, str], ...], room: int) -> str:
    """The summary's ``facts`` (label, value) as the header shows them in ``room`` columns.

    All of them whole when they fit. Else the facts are kept in the system's order (house
    tables named first, without their files) in the fullest form that fits, preferring,
    in order: to keep the phase, then house tables, then the other facts in the system's
    order (the first the most needed); then to keep each one's label, in the same order. A
    fact is shown whole ("Phase conduct combat"), by its value alone when that reads alone
    (a phase or a turn not given by a bare number: "conduct combat", "the United Kingdom",
    "Fall 1940"), or left out. The phase, if
    alone it does not fit (or, with no phase, the most needed fact), is cut with an ellipsis:
    it is never left out."""
    whole = " · ".join(f"{label} {value}" for label, value in facts)
    if len(whole) <= room:
        return whole
    shown = [(HOUSE, "") if label == HOUSE else (label, value) for label, value in facts]
    shown.sort(key=lambda fact: fact[0] != HOUSE)
    needed = sorted(range(len(shown)), key=lambda i: (shown[i][0] != PHASE, shown[i][0] != HOUSE))
    forms = [_forms(label, value) for label, value in shown]
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    line = ""
    for chosen in product(*(range(len(f)) for f in forms)):
        parts = [f[c] for f, c in zip(forms, chosen, strict=True) if f[c]]
        text = " · ".join(parts)
        if not parts or len(text) > room:
            continue
        score = (
            tuple(not forms[i][chosen[i]] for i in needed),
            tuple(chosen[i] for i in needed),
        )
        if best is None or score < best:
            best, line = score, text
    if best is not None:
        return line
    first = forms[needed[0]][-1] or forms[needed[0]][-2] if forms else ""
    return first[: max(0, room - 1)] + "…"


def _forms(label: str, value: str) -> list[str]:
    """How a fact may be shown, fullest first: whole, by its value alone when that reads
    alone (:data:`ALONE`), not at all (the phase never)."""
    forms = [f"{label} {value}".strip()]
    if label in ALONE and not value.isdigit():
        forms.append(value)
    return forms if label == PHASE else [*forms, ""]


def titles(facts: tuple[tuple[str, str], ...], width: int) -> tuple[str, str]:
    """The header's title and subtitle in a window ``width`` columns wide: ``armistice``
    and the :func:`headline` of ``facts`` when they fit whole together; else no title,
    which leaves the whole line to the facts."""
    whole = headline(facts, width - CHROME)
    if whole == " · ".join(f"{label} {value}" for label, value in facts):
        return TITLE, whole
    return "", headline(facts, width - EDGES)


def pending(game: Game) -> Prompt | None:
    """What the prompt panel asks: the game's prompt, or, once the running procedure is
    finished, which linked procedure to go on to (None when there is none)."""
    if game.prompt is not None or not game.links:
        return game.prompt
    links = game.links
    result = "".join(
        f"{row.label}: {row.value}" + (f" ({row.rule})" if row.rule else "") + "\n"
        for row in game.summary.result
    )
    return Decision(
        key=NEXT,
        power="",
        label="Resolution complete. Go on to",
        rule=links[0].rule,
        options=tuple(Option(link.to, link.label) for link in links),
        default=links[0].to,
        help=f"{result}This procedure is complete. Choose what follows (you are then asked the "
        "facts it needs), or save the game as it stands.",
    )


def reopened(game: Game, key: object, told: dict[str, Any]) -> Handover | None:
    """The hand-over to the link ``key`` of ``game`` (its procedure finished again) as it
    was given when the link was taken with the facts ``told``: its answers kept, its last
    fact asked again. None when the link asks no fact."""
    link = next((k for k in game.links if k.to == key), None)
    if link is None or link.facts is None:
        return None
    try:
        handover = Handover.reopened(link, convert(told, link.facts, "facts"))
    except ScenarioError:
        return None
    return handover if handover.prompts else None


def unavailable(game: Game, action: str, typing: bool, ended: str = "") -> str:
    """Why ``action`` ("roll", "undo" or "dice_mode") cannot be done in ``game`` now, in a
    line; ``ended`` says how a complete game ended (:func:`ending`)."""
    if action == "undo":
        return "Nothing to take back yet."
    prompt = game.prompt
    if prompt is None:
        done = ended or RESOLVED
        what = "No dice left to roll or type" if action == "dice_mode" else "Nothing to roll"
        return f"{what}: {done[0].lower()}{done[1:]}"
    if typing and action == "roll" and isinstance(prompt, Roll | Rolls):
        return "Dice are typed in: type the value and press enter (d: rolled by the app)."
    if isinstance(prompt, Roll | Rolls):
        return f"Nothing to roll: {prompt.label} is answered first."
    if isinstance(prompt, Decision) and prompt.clock is not None:
        clock = prompt.clock
        asked = f"{clock.turn_label}, {clock.phase_label} phase asks for an action, not a die"
        return f"No die to {'roll or type' if action == 'dice_mode' else 'roll'}: {asked}."
    if action == "dice_mode":
        return f"No die to roll or type now: {prompt.label} is answered first."
    return f"Nothing to roll: {prompt.label} is answered first."


def open_path(screen: Screen[object], path: Path, seed: int | None = None) -> Game | None:
    """The game in a save file, or a new game of a scenario file (told apart by content), or
    None after telling the player why not."""
    try:
        if saves.is_save(path):
            return Game.open(path)
        return Game(scenario.load(str(path)), seed=seed)
    except ArmisticeError as error:
        screen.notify(str(error), title="Cannot open", severity="error", timeout=8)
        return None
