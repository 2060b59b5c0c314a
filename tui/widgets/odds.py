"""Exact odds: the pending roll's results as bars with fractions, and what may follow.

Odds are worked out off the UI thread and kept per position (scenario, assumptions, house
tables and answers), so going back to a position, resizing or switching the dice mode shows them at
once; a result that arrives for a position the game has left is kept but not shown.
"""

from __future__ import annotations

import textwrap
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import msgspec
from rich.text import Text
from textual import on, work
from textual.message import Message
from textual.widgets import Static

from armistice.core.batch import outcome_odds, total_odds
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.prompts import Answer, Decision, Prompt, Roll, Rolls
from armistice.core.systems import RuleSystem
from armistice.core.tablefiles import HouseTables
from armistice.tui.prompting import RESOLVED, ending, result_name, short_name

BAR = 7
LABEL = 11
"""Cells of a bar's label."""
LINE = 30
"""Cells in a line of the panel."""
KEPT = 256
"""How many positions' odds a panel keeps."""
PATIENCE = 0.25
"""Seconds before the panel says it is still working the odds out."""


def short(p: Fraction, most: int = 7) -> str:
    """``p`` as its exact fraction when that takes at most ``most`` characters, else as a
    percentage to one decimal (the panel's columns are narrow; reports give the fraction)."""
    exact = str(p)
    return exact if len(exact) <= most else f"{float(p) * 100:.1f}%"


def outcome_label(system: RuleSystem, label: str) -> str:
    """A roll's result ``label`` as a bar names it: its reader's name when that fits in
    :data:`LABEL` cells, else its short form when that does ("German" for "joins
    Germany"), else its name (which :func:`bar` puts on a line of its own)."""
    name = result_name(system, label)
    if len(name) <= LABEL:
        return name
    short = short_name(system, label)
    return short if len(short) <= LABEL else name


def bar(label: str, p: Fraction, width: int = BAR) -> Text:
    """One line of 30 cells: the label, a bar ``width`` cells long at certainty, the
    fraction; a label longer than :data:`LABEL` cells goes whole on a line of its own above
    the bar."""
    filled = round(p * width)
    line = Text()
    if len(label) > LABEL:
        line.append(f"{label}\n")
        label = ""
    line.append(f"{label:<{LABEL}} ")
    line.append("█" * filled, style="bold")
    line.append("·" * (width - filled), style="dim")
    line.append(f" {short(p):>5} {float(p) * 100:3.0f}%")
    return line


def position(game: Game) -> bytes:
    """What the odds of ``game`` depend on, encoded: scenario, assumptions, house tables and
    the answers' keys and values (not how each was given)."""
    answers = [(a.key, a.value) for a in game.answers]
    house = sorted(game.house.texts.items()) if game.house else []
    return msgspec.msgpack.encode((game.scenario, sorted(game.assumptions.items()), house, answers))


def rendered(game: Game) -> Text:
    """The panel's text for ``game``: the pending roll or batch, then the outcomes' odds
    from here (later choices at their defaults), or each option's headline chance for a
    pending decision with a real choice whose outcomes are left to dice (:func:`by_choice`),
    compared as the system says or in columns that fit the panel (not a turn's menu of
    actions, whose options are no outcomes' causes, nor a decision that reports what
    happened on the board, which nobody chooses)."""
    out = Text()
    prompt = game.prompt
    if isinstance(prompt, Roll):
        out.append("This roll\n", style="bold")
        for label, p in outcome_odds(prompt).items():
            out.append_text(bar(outcome_label(game.system, label), p))
            out.append("\n")
    if isinstance(prompt, Rolls):
        out.append_text(batch_lines(prompt))
    if isinstance(prompt, Decision) and prompt.clock is None and not prompt.reported:
        enabled = sum(o.enabled for o in prompt.options)
        if enabled > 1 and (game.system.compared or 13 + 7 * enabled <= LINE):
            compared = by_choice(game, prompt)
            if compared is not None:
                return compared
    if game.complete:
        stopped = ending(game) != RESOLVED
        out.append(f"{'Stopped' if stopped else 'Resolved'}: no dice left.", style="dim")
        return out
    out.append_text(outcome_lines(game))
    return out


def batch_lines(prompt: Rolls) -> Text:
    """A batch of rolls: how many, and each weighted total's range, mean and likeliest value,
    its label wrapped whole when the line cannot hold it with its range. Totals counted
    only by the lowest rank rolled (``lowest_rank``: which of the nearest areas a fleet
    may go to) are conditions for later steps, not results, and are left out."""
    out = Text()
    count = len(prompt.members)
    out.append("This roll\n" if count == 1 else f"These {count} rolls\n", style="bold")
    for total in (t for t in prompt.totals if t.reported):
        dist = total_odds(prompt, total.key)
        mean = sum((value * p for value, p in dist.items()), Fraction(0))
        likeliest = max(dist, key=lambda value: dist[value])
        span = f"{min(dist)}-{max(dist)} {total.unit}"
        head = f"{total.label:<{LABEL}} {span}"
        if len(head) <= LINE:
            out.append(f"{head}\n")
        else:
            for part in textwrap.wrap(total.label, LINE):
                out.append(f"{part}\n")
            out.append(f"  {span}\n")
        out.append(
            f"  mean {float(mean):.1f}, likeliest {likeliest} "
            f"({float(dist[likeliest]) * 100:.0f}%)\n",
            style="dim",
        )
    return out


def outcome_lines(game: Game) -> Text:
    """Each outcome key's values with their chances, then a legend of the short names."""
    result = odds(game)
    system = game.system
    out = Text()
    out.append("Chances from here\n", style="bold")
    if result.defaults:
        out.append("(open choices at default)\n", style="dim")
    names = game.system.key_names(game.scenario, game.tables)
    for key, dist in result.marginals.items():
        ranked = sorted(dist.items(), key=lambda kv: -kv[1])
        inline = sum(len(short_name(system, label)) + len(short(p)) + 2 for label, p in ranked)
        name = names.get(key, key)
        if len(name) <= 13 and 14 + inline <= LINE:
            out.append(f"{name:<13} ")
            for label, p in ranked:
                out.append(f"{short_name(system, label)} ", style="bold")
                out.append(f"{short(p):<5} ")
        else:
            out.append("\n".join(textwrap.wrap(name, LINE - 1)))
            for label, p in ranked:
                out.append("\n")
                out.append_text(chance_line(short_name(system, label), short(p), "  ", "bold"))
        out.append("\n")
    used = [system.word(label) for dist in result.marginals.values() for label in dist]
    words = dict.fromkeys(w for w in used if w is not None and w.short != w.label)
    legend = "  ".join(f"{w.short} {w.label}" for w in words)
    out.append(legend, style="dim")
    return out


def _once(key: str, value: str) -> Callable[[Prompt], str | None]:
    """A policy answering the first prompt called ``key`` with ``value`` and every later
    one (an open-ended game asks the same key again) at its default."""
    asked = False

    def choose(p: Prompt) -> str | None:
        nonlocal asked
        if asked or p.key != key:
            return None
        asked = True
        return value

    return choose


def by_choice(game: Game, prompt: Decision) -> Text | None:
    """For a pending decision, the odds under each enabled option (later open choices at
    their defaults), so the choices can be compared: the chance of each value of the
    system's ``compared`` outcome key, options that give the same chances together; else
    the headline result's chance in each outcome key, one numbered column per option,
    the numbers named under the table.

    None when every chance so compared is 0 or 1: whatever is chosen, no die is left to
    decide what is compared, so there are no odds to set side by side."""
    chosen = [o for o in prompt.options if o.enabled]
    table = {o.value: odds(game, _once(prompt.key, o.value)) for o in chosen}
    key = game.system.compared
    headline = game.system.outcome_word(game.system.headline)
    shown = (
        [p for r in table.values() for p in r.marginals.get(key, {}).values()]
        if key
        else [
            r.marginals[k].get(headline, Fraction(0)) for r in table.values() for k in r.marginals
        ]
    )
    if all(p in (0, 1) for p in shown):
        return None
    if key:
        groups: dict[tuple[tuple[str, Fraction], ...], list[str]] = {}
        for o in chosen:
            dist = table[o.value].marginals.get(key, {})
            ranked = tuple(sorted(dist.items(), key=lambda kv: (-kv[1], kv[0])))
            groups.setdefault(ranked, []).append(o.label)
        return compared_lines(game, key, groups)
    out = Text(f"{headline.label} chance by choice\n", style="bold")
    width = min(6, (LINE - 13) // len(chosen) - 1)
    out.append(f"{'':<13}" + "".join(f" {i:>{width}}" for i in range(1, len(chosen) + 1)) + "\n")
    keys = next(iter(table.values())).marginals
    names = game.system.key_names(game.scenario, game.tables)
    for name in keys:
        named = names.get(name, name)
        if len(named) > 13:
            out.append("\n".join(textwrap.wrap(named, LINE)) + "\n")
            named = ""
        out.append(f"{named:<13}")
        for o in chosen:
            p = table[o.value].marginals.get(name, {}).get(headline, Fraction(0))
            out.append(f" {short(p, width):>{width}}")
        out.append("\n")
    for number, option in enumerate(chosen, 1):
        for line in textwrap.wrap(f"{number} {option.label}", LINE, subsequent_indent="  "):
            out.append(f"{line}\n", style="dim")
    return out


def compared_lines(
    game: Game, key: str, groups: dict[tuple[tuple[str, Fraction], ...], list[str]]
) -> Text:
    """The chance of each value of outcome ``key`` under the options, grouped by the
    chances they give (chances -> the options' labels), each line within :data:`LINE`."""
    name = game.system.outcome_names(game.tables).get(key, key)
    out = Text("\n".join(textwrap.wrap(f"{name}, by choice", LINE)) + "\n", style="bold")
    for ranked, labels in groups.items():
        for line in textwrap.wrap(", ".join(labels), LINE):
            out.append(f"{line}\n", style="bold")
        for value, p in ranked:
            out.append_text(chance_line(result_name(game.system, value), short(p, 5), " "))
            out.append("\n")
    return out


def chance_line(label: str, chance: str, indent: str, style: str = "") -> Text:
    """``label`` (after ``indent``, in ``style``) and ``chance`` at the right edge, within
    :data:`LINE` cells: a label too long for one line wraps onto further ones, the chance
    on the last."""
    width = max(5, len(chance))
    room = LINE - len(indent) - 1 - width
    parts = textwrap.wrap(label, room, subsequent_indent=" ") or [""]
    out = Text()
    for part in parts[:-1]:
        out.append(f"{indent}{part}\n", style=style)
    out.append(f"{indent}{parts[-1]:<{room}}", style=style)
    out.append(f" {chance:>{width}}")
    return out


class OddsPanel(Static):
    """The exact odds of the pending roll, then of each outcome from here on.

    Open decisions are taken at their defaults for the outcome odds; the panel says so.
    ``computations`` counts the positions whose odds it has set out to work out.
    """

    @dataclass
    class Computed(Message):
        """The odds of ``position`` (see :func:`position`) were worked out as ``shown``."""

        position: bytes
        shown: Text

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.known: OrderedDict[bytes, Text] = OrderedDict()
        self.showing = b""
        self.computations = 0

    @property
    def current(self) -> bool:
        """True when the odds on show are those of the position last asked for."""
        return self.showing in self.known

    def show(self, game: Game) -> None:
        """Show the odds of ``game``'s current position: at once if they are known, else
        once a worker has worked them out."""
        self.showing = here = position(game)
        known = self.known.get(here)
        if known is not None:
            self.known.move_to_end(here)
            self.update(known)
            return
        self.computations += 1
        self.set_timer(PATIENCE, lambda: self._still_working(here))
        self._work_out(
            game.origin,
            dict(game.assumptions),
            game.house,
            game.answers,
            game.facts,
            game.seed,
            here,
        )

    def _still_working(self, here: bytes) -> None:
        if self.showing == here and here not in self.known:
            self.update(Text("Working out the odds…", style="dim"))

    @work(thread=True, group="odds", exit_on_error=False)
    def _work_out(
        self,
        scenario: Any,
        assumptions: dict[str, str],
        tables: HouseTables | None,
        answers: tuple[Answer, ...],
        facts: tuple[dict[str, Any], ...],
        seed: int,
        here: bytes,
    ) -> None:
        try:
            game = Game(
                scenario,
                assumptions=assumptions,
                answers=answers,
                facts=facts,
                seed=seed,
                tables=tables,
            )
            shown = rendered(game)
        except Exception as error:
            shown = Text(f"The odds could not be worked out: {error}", style="dim")
        self.post_message(self.Computed(here, shown))

    @on(Computed)
    def _computed(self, event: Computed) -> None:
        event.stop()
        self.known[event.position] = event.shown
        while len(self.known) > KEPT:
            self.known.popitem(last=False)
        if event.position == self.showing:
            self.update(event.shown)
