"""The prompt panel: who must act, on what rule, and the controls to answer.

It renders a core prompt and posts :class:`Answered`; it never applies an answer
itself. Illegal choices are shown disabled with the reason; a refused try is said in full
under the controls and as a notification.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.widget import AwaitMount, Widget
from textual.widgets import ContentSwitcher, OptionList, Static
from textual.widgets.option_list import Option

from armistice.core.errors import IllegalAnswer
from armistice.core.prompts import Answer, Decision, Fact, Prompt, Roll, Rolls, Selection, Via
from armistice.core.sides import Alignment
from armistice.core.summary import Row
from armistice.core.turns import END_PHASE
from armistice.tui.prompting import RESOLVED, Actor
from armistice.tui.widgets.answering import Answered, Refused

if TYPE_CHECKING:
    from armistice.tui.widgets.selection import SelectionView


def refusal_title(label: str) -> str:
    """The title of the notice refusing an answer to the prompt labelled ``label``: the
    label in parentheses, so that the notice's text, which may start with a die's name,
    never runs on from it ("Not allowed (French area dice)")."""
    return f"Not allowed ({label})" if label else "Not allowed"


class DecisionView(OptionList):
    """Pick one option of a Decision; disabled options show why."""

    prompt: Decision | None = None

    def show(self, prompt: Decision, restore: str | None = None) -> None:
        """List ``prompt``'s options with ``restore`` (the choice of an answer just taken
        back) highlighted, else the default, else the first; at a turn's menu of actions,
        whose default stops the game, ending the phase when it may end (else the first
        action open), so Enter neither stops a game nor declares anything by accident."""
        self.prompt = prompt
        self.clear_options()
        for option in prompt.options:
            label = option.label + (f"  ({option.reason})" if not option.enabled else "")
            self.add_option(Option(label, id=option.value, disabled=not option.enabled))
        values = [o.value for o in prompt.options]
        open_ = [o.value for o in prompt.options if o.enabled]
        first = END_PHASE if END_PHASE in open_ else next(iter(open_), prompt.default)
        chosen = restore if restore in values else first if prompt.clock else prompt.default
        self.highlighted = values.index(chosen) if chosen in values else 0


class RollView(Static, can_focus=True):
    """A number to give: a die roll the app rolls from the seed or the player types, or a
    fact the player reports from the board (typed)."""

    BINDINGS = [
        *(Binding(str(d), f"digit({d})", show=False) for d in range(10)),
        Binding("backspace", "erase", show=False),
        Binding("enter", "submit", "Enter die", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.typed = ""
        self.prompt: Roll | Fact | None = None
        self.typing = False

    def show(self, prompt: Roll | Fact, typing: bool, dice: str) -> None:
        """Describe the roll or fact and how to answer it (a fact is always typed); digits
        typed for the same prompt in the same mode are kept. ``dice`` says how the app rolls
        (the host's words: "seed 7", "drawn at random")."""
        typing = typing or isinstance(prompt, Fact)
        if (prompt, typing) != (self.prompt, self.typing):
            self.typed = ""
        self.prompt, self.typing, self.dice = prompt, typing, dice
        self._render_text()

    def _render_text(self) -> None:
        if self.prompt is None:
            return
        if isinstance(self.prompt, Fact):
            fact = self.prompt
            text = Text(
                f"Report a {fact.number}, {fact.low} to {fact.high}: type it and press Enter, "
                f"or Enter alone for {fact.default}. "
            )
            text.append(f"[{self.typed or ' '}]", style="reverse")
            self.update(text)
            return
        dice = self.prompt.dice
        text = Text(f"Roll {dice} ({dice.low}-{dice.high}).\n")
        if self.typing:
            text.append("Dice typed in: ", style="bold")
            text.append("type the value of your die and press Enter. ")
            text.append(f"Die: [{self.typed or ' '}]", style="reverse")
        else:
            text.append("Dice rolled by the app: ", style="bold")
            roll = getattr(self.app, "key_of", lambda _i, d: d)("roll", "r")
            text.append(f"press {roll} to roll ({self.dice}).")
        switch = getattr(self.app, "key_of", lambda _i, d: d)("dice-mode", "d")
        text.append(f"  {switch} switches.", style="dim")
        self.update(text)

    def action_digit(self, digit: int) -> None:
        """Add a digit to the typed value (typed mode only)."""
        if self.typing and len(self.typed) < 4:
            self.typed += str(digit)
            self._render_text()

    def action_erase(self) -> None:
        """Drop the last typed digit."""
        self.typed = self.typed[:-1]
        self._render_text()

    def action_submit(self) -> None:
        """Send the typed value as the die's result or the fact reported; with nothing typed,
        a fact takes its default, a typed die says what to type and a die the app rolls
        which key rolls it."""
        if self.typing and self.typed:
            value, self.typed = int(self.typed), ""
            self._render_text()
            assert self.prompt is not None
            via = Via.TYPED if isinstance(self.prompt, Roll) else Via.DECIDED
            self.post_message(Answered(self.prompt.key, value, via))
        elif isinstance(self.prompt, Fact):
            self.post_message(Answered(self.prompt.key, self.prompt.default, Via.DECIDED))
        elif self.typing and self.prompt is not None:
            self.post_message(Refused(f"Nothing typed: {self._wanted()}"))
        elif self.prompt is not None:
            self.notify(rolled_hint(self), timeout=3)

    def _wanted(self) -> str:
        """What to type, in words: ``type a whole number from 1 to 40, then Enter``."""
        low, high = (
            (self.prompt.low, self.prompt.high)
            if isinstance(self.prompt, Fact)
            else (self.prompt.dice.low, self.prompt.dice.high)
            if self.prompt is not None
            else (0, 0)
        )
        return f"type a whole number from {low} to {high}, then Enter"

    def on_key(self, event: events.Key) -> None:
        """A letter typed for a fact is refused here unless it is one of the dashboard's keys
        (undo, save...), which act at every prompt."""
        letter = event.character is not None and event.character.isalpha()
        if (
            isinstance(self.prompt, Fact)
            and letter
            and event.key not in self.screen.active_bindings
        ):
            event.stop()
            event.prevent_default()
            self.post_message(Refused(f"Digits only: {self._wanted()}"))


class BatchView(Static, can_focus=True):
    """A batch of rolls: the app rolls every member from the seed with the roll key, or the
    player types each member's value in the order listed, Enter after each."""

    BINDINGS = [
        *(Binding(str(d), f"digit({d})", show=False) for d in range(10)),
        Binding("backspace", "erase", show=False),
        Binding("enter", "submit", "Enter die", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.prompt: Rolls | None = None
        self.typing = False
        self.values: list[int] = []
        self.typed = ""

    def show(self, prompt: Rolls, typing: bool, dice: str) -> None:
        """Describe the batch and how to answer it in the current dice mode; values typed
        for the same batch in the same mode are kept. ``dice`` as for :meth:`RollView.show`."""
        if (prompt, typing) != (self.prompt, self.typing):
            self.values, self.typed = [], ""
        self.prompt, self.typing, self.dice = prompt, typing, dice
        self._render_text()

    def _render_text(self) -> None:
        prompt = self.prompt
        if prompt is None:
            return
        key_of = getattr(self.app, "key_of", lambda _i, d: d)
        count = len(prompt.members)
        text = Text("Roll 1 die, " if count == 1 else f"Roll {count} at once, ")
        if self.typing:
            text.append("typed in: ", style="bold")
            text.append("each value in turn, then Enter.\n")
        else:
            text.append("rolled by the app: ", style="bold")
            text.append(f"press {key_of('roll', 'r')} ({self.dice}).\n")
        for index, member in enumerate(prompt.members):
            if index < len(self.values):
                shown, style = str(self.values[index]), ""
            elif index == len(self.values) and self.typing:
                shown, style = self.typed or " ", "reverse"
            else:
                shown, style = str(member.dice), "dim"
            text.append(f"{member.label} ")
            text.append(f"[{shown}]", style=style)
            text.append("  ")
        text.append(f"\n{key_of('dice-mode', 'd')} switches.", style="dim")
        self.update(text)

    def action_digit(self, digit: int) -> None:
        """Add a digit to the value being typed (typed mode only)."""
        if self.typing and len(self.typed) < 3:
            self.typed += str(digit)
            self._render_text()

    def action_erase(self) -> None:
        """Drop the last typed digit, or else the last value entered."""
        if self.typed:
            self.typed = self.typed[:-1]
        elif self.values:
            self.values.pop()
        self._render_text()

    def action_submit(self) -> None:
        """Enter the typed value for the next member; after the last, send the batch. With
        nothing typed, say what to type, or, when the app rolls, which key rolls."""
        prompt = self.prompt
        if prompt is None:
            return
        if not self.typing:
            self.notify(rolled_hint(self), timeout=3)
            return
        member = prompt.members[len(self.values)]
        if not self.typed:
            self.post_message(
                Refused(
                    f"Nothing typed: type {member.label}'s value, {member.dice.low} to "
                    f"{member.dice.high}, then Enter"
                )
            )
            return
        try:
            value = member.check(int(self.typed))
        except IllegalAnswer as error:
            self.typed = ""
            self._render_text()
            self.post_message(Refused(f"{member.label}: {error.reason}"))
            return
        self.values.append(value)
        self.typed = ""
        if len(self.values) < len(prompt.members):
            self._render_text()
            return
        answer = {m.key: v for m, v in zip(prompt.members, self.values, strict=True)}
        self.values = []
        self._render_text()
        self.post_message(Answered(prompt.key, answer, Via.TYPED))


class WaitingView(Static, can_focus=True):
    """Another side's prompt, read-only: whom the game waits for, who this player is, and
    what the prompt offers; Enter says why nothing can be answered here."""

    BINDINGS = [Binding("enter", "submit", "Enter", show=False)]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.waiting = ""

    def show(self, prompt: Prompt, waiting: str, playing: str, send: str = "") -> None:
        """Show ``prompt`` read-only: the game waits for ``waiting`` ("the Axis player");
        ``playing`` says who this player is ("You play the Allies."); ``send``, by mail,
        how to write the moves the other player lacks (empty: nothing to send)."""
        self.waiting = waiting
        text = Text()
        text.append(f" Waiting for {waiting} ", style="bold reverse")
        text.append(f"\n{playing}\n")
        if send:
            text.append(f"{send}\n", style="bold")
        text.append_text(offered(prompt))
        self.update(text)

    def action_submit(self) -> None:
        """Say that this prompt is another side's to answer."""
        self.post_message(Refused(f"Waiting for {self.waiting}: this prompt is theirs to answer"))


def offered(prompt: Prompt) -> Text:
    """What ``prompt`` offers, as another side sees it: the options (those not allowed with
    why), the die or dice to roll, the number to report, or the items to choose from."""
    lines: list[str] = []
    if isinstance(prompt, Decision):
        lines = [
            f"· {o.label}" + ("" if o.enabled else f"  (not allowed: {o.reason})")
            for o in prompt.options
        ]
    elif isinstance(prompt, Roll):
        lines = [f"Roll {prompt.dice} ({prompt.dice.low}-{prompt.dice.high})."]
    elif isinstance(prompt, Rolls):
        lines = [f"Roll {len(prompt.members)} at once:"]
        lines += [f"· {m.label} ({m.dice})" for m in prompt.members]
    elif isinstance(prompt, Fact):
        lines = [f"Report a {prompt.number}, {prompt.low} to {prompt.high}."]
    elif isinstance(prompt, Selection):
        lines = ["Choose from:"]
        lines += [
            f"· {i.label}" + (f" (up to {i.available})" if i.available > 1 else "")
            for i in prompt.items
        ]
    return Text("\n".join(lines), style="dim")


def names(label: str, power: str) -> bool:
    """True when ``label`` starts by naming ``power`` ("the United Kingdom invades which
    French territories?"), so that the power need not be named again before it."""
    return label[: len(power)].lower() == power.lower()


def rolled_hint(widget: Widget) -> str:
    """What to press at a die the app rolls: the roll key, or the key that types dice in."""
    key_of = getattr(widget.app, "key_of", lambda _i, d: d)
    return (
        f"Dice are rolled by the app: press {key_of('roll', 'r')} to roll, "
        f"or {key_of('dice-mode', 'd')} to type them in."
    )


def after(widget: Widget) -> str:
    """What may be done once nothing is asked, with the keys (after the keymap) that do it:
    take the last answer back (a stop among them), save, start another game."""
    key_of = getattr(widget.app, "key_of", lambda _i, d: d)
    return (
        f"{key_of('undo', 'u')} takes back the last answer, {key_of('save', 's')} saves, "
        f"{key_of('new-game', 'n')} starts another."
    )


VIEWS: dict[type[Prompt], str] = {
    Decision: "prompt-decision",
    Roll: "prompt-roll",
    Fact: "prompt-roll",
    Rolls: "prompt-batch",
    Selection: "prompt-selection",
}
"""The id of the control that answers each kind of prompt."""


def selection_view() -> type[SelectionView]:
    """The selection control's class, imported on first use (it brings in DataTable)."""
    from armistice.tui.widgets.selection import SelectionView

    return SelectionView


def make_view(ident: str) -> Widget:
    """A new control of id ``ident`` (one of :data:`VIEWS`); the selection table's module
    is imported only when a selection is first asked."""
    if ident == "prompt-selection":
        return selection_view()(id=ident)
    kind: dict[str, type[Widget]] = {
        "prompt-decision": DecisionView,
        "prompt-roll": RollView,
        "prompt-batch": BatchView,
    }
    return kind[ident](id=ident)


class PromptPanel(ScrollableContainer, can_focus=False):
    """Who must act and on what, the rule's explanation in full, the control to answer
    with, and, under it, why the last try was refused. It scrolls when that is more than
    it has room for, and takes the focus for it once nothing is asked.

    Each kind of control is built the first time a prompt asks for it; ``first``, the
    prompt to be shown first, has its control built with the panel.
    """

    Answered = Answered

    def __init__(self, first: Prompt | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.first = first
        self.problem = ""
        self.shown: Prompt | None = None
        self._mounting: AwaitMount | None = None
        self._showing: tuple[Prompt, bool, int, Actor | None, tuple[Row, ...], Answer | None] | None
        self._showing = None

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-undo")
        yield Static(id="prompt-header")
        yield Static(id="prompt-help")
        with ContentSwitcher(initial="prompt-done", id="prompt-body"):
            if self.first is not None:
                yield make_view(VIEWS[type(self.first)])
            yield Static(RESOLVED, id="prompt-done")
            yield WaitingView(id="prompt-waiting")
        yield Static(id="prompt-problem")

    def on_resize(self, event: events.Resize) -> None:
        """Make the row it shares with the odds as tall as this panel, so that long odds
        scroll beside the prompt instead of taking rows from the state panels below."""
        if self.parent is not None and self.parent.id == "top":
            self.parent.styles.height = self.outer_size.height

    def _view(self, ident: str) -> Widget | None:
        """The control ``ident`` of the content switcher, built the first time it is asked
        for; None while it is being mounted (the panel shows itself again once it is)."""
        switcher = self.query_one(ContentSwitcher)
        found = switcher.query_children(f"#{ident}")
        if self._mounting is None and found:
            return found.first()
        if self._mounting is None:
            self._mounting = switcher.mount(make_view(ident))
            self.call_later(self._mounted, self._mounting)
        return None

    async def _mounted(self, mounting: AwaitMount) -> None:
        await mounting
        self._mounting = None
        if self._showing is not None:
            self.show(*self._showing)

    def say(self, problem: str, title: str = "") -> None:
        """Show ``problem`` in full under the controls, scrolled into view, and as an error
        notification titled ``title``; an empty ``problem`` clears what was said."""
        self.problem = problem
        shown = self.query_one("#prompt-problem", Static)
        shown.update(Text(problem))
        shown.display = bool(problem)
        if problem:
            self.call_after_refresh(self.scroll_to_widget, shown, animate=False)
            self.notify(problem, title=title or "Not allowed", severity="error", markup=False)

    @on(Refused)
    def _refused(self, event: Refused) -> None:
        event.stop()
        label = self.shown.label if self.shown is not None else ""
        self.say(event.problem, refusal_title(label))

    def show(
        self,
        prompt: Prompt | None,
        typing: bool,
        dice: str,
        who: Actor | None,
        result: tuple[Row, ...] = (),
        taken_back: Answer | None = None,
        ended: str = "",
        waiting: tuple[str, str, str] = ("", "", ""),
        undo: str = "",
    ) -> None:
        """Render ``prompt`` (None once the game is complete: then the ``result`` rows of the
        summary come first, then how the game ended, ``ended``, by default that every rule
        has been resolved) and focus its control; ``who`` is the player to act.
        ``taken_back``, the answer an undo just took back, is shown as the starting choice
        when it answered this prompt. What was said about an earlier prompt is cleared.
        ``waiting``, when its first part is not empty, shows the prompt read-only as another
        side's: whom the game waits for ("the Axis player"), who this player is ("You
        play the Allies.") and, by mail, how to send the other player the moves they lack.
        ``undo``, when not empty, says above all else that an undo is asked and not yet
        settled."""
        if prompt != self.shown:
            self.say("")
        asked = self.query_one("#prompt-undo", Static)
        asked.update(Text(undo))
        asked.display = bool(undo)
        self.shown = prompt
        self.can_focus = prompt is None
        header = self.query_one("#prompt-header", Static)
        help_ = self.query_one("#prompt-help", Static)
        body = self.query_one(ContentSwitcher)
        if prompt is None:
            stopped = bool(ended) and ended != RESOLVED
            header.update(Text("Game stopped" if stopped else "Resolution complete", style="bold"))
            help_.update("")
            lines = Text()
            for row in result:
                lines.append(f"{row.label}: ", style="bold")
                lines.append(f"{row.value}" + (f" ({row.rule})" if row.rule else "") + "\n")
            lines.append(f"{ended or RESOLVED} {after(self)}")
            self.query_one("#prompt-done", Static).update(lines)
            body.current = "prompt-done"
            self._showing = None
            return
        title = Text()
        if who is not None:
            style = f"bold reverse {self._side_style(who.alignment)}"
            title.append(f" {who.player.upper()} ", style=style)
            if who.power and who.power != who.player and not names(prompt.label, who.power):
                title.append(f" {who.power}:", style="bold")
        title.append(f" {prompt.label} ", style="bold")
        title.append(f"[{prompt.rule}]", style="dim")
        header.update(title)
        help_.update(Text(prompt.help))
        help_.display = bool(prompt.help)
        if waiting[0]:
            self.query_one(WaitingView).show(prompt, *waiting)
            body.current = "prompt-waiting"
            self._showing = None
            # Read-only: the question heads the panel, never scrolled past to the options.
            self.query_one(WaitingView).focus(scroll_visible=False)
            self.call_after_refresh(self.scroll_home, animate=False)
            return
        back = taken_back.value if taken_back is not None and taken_back.key == prompt.key else None
        ident = VIEWS[type(prompt)]
        view = self._view(ident)
        self._showing = None if view else (prompt, typing, dice, who, result, taken_back)
        if view is None:
            return
        if isinstance(prompt, Decision):
            self.query_one(DecisionView).show(prompt, back if isinstance(back, str) else None)
        elif isinstance(prompt, Roll | Fact):
            self.query_one(RollView).show(prompt, typing, dice)
        elif isinstance(prompt, Rolls):
            self.query_one(BatchView).show(prompt, typing, dice)
        else:
            self.query_one(selection_view()).show(prompt, back if isinstance(back, dict) else None)
            view = self.query_one("#selection-table")
        body.current = ident
        view.focus()

    @staticmethod
    def _side_style(alignment: Alignment | None) -> str:
        return {Alignment.AXIS: "red", Alignment.ALLIED: "blue"}.get(alignment, "green")

    @on(OptionList.OptionSelected, "#prompt-decision")
    def _decided(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        prompt = self.query_one(DecisionView).prompt
        if event.option.id is not None and prompt is not None:
            self.post_message(Answered(prompt.key, event.option.id, Via.DECIDED))
