"""The plain-text report of a game, for pasting to an opponent: the rule system's summary
laid out within 78 columns, and the log if asked. Written once for every rule system."""

from __future__ import annotations

import textwrap

from armistice.core.assumptions import changed
from armistice.core.game import Game
from armistice.core.summary import Row, Section
from armistice.tui.prompting import stopped

WIDTH = 78
LEAD = 11
"""Two spaces, the rule number in eight, a space."""


def status(game: Game) -> str:
    """Where ``game`` stands: "in progress", "complete", or stopped by the players at a
    turn's menu (a save of it goes on from that menu)."""
    if not game.complete:
        return "in progress"
    menu = stopped(game)
    if menu is None or menu.clock is None:
        return "complete"
    clock = menu.clock
    return f"stopped by the players in {clock.turn_label}, {clock.phase_label} phase"


def render(game: Game, with_log: bool = False, dice: str = "") -> str:
    """The report of ``game``: header, the result in brief once there is one, every section
    of its summary that has rows, the changed assumptions, and the log when ``with_log``.
    ``dice`` says how a shared game's dice are rolled, in place of the seed its dice do not
    come from. No line is longer than 78 columns and no label is cut."""
    summary = game.summary
    out = [summary.title]
    out += _pairs(
        [
            ("Scenario", game.scenario.name),
            ("", game.scenario.title),
            *summary.facts,
            ("Dice", dice) if dice else ("Seed", str(game.seed)),
            ("Status", status(game)),
        ]
    )
    if summary.result:
        out += ["", "Result"]
        width = max(len(row.label) for row in summary.result)
        values = max(len(row.value) for row in summary.result)
        for row in summary.result:
            out += _single(row, width, row.value.rjust(values) if values <= 12 else None)
    for section in summary.sections:
        if section.rows:
            out += ["", *section_lines(section)]
    moved = [f"{k}={v}" for k, v in changed(game.system.assumptions, game.assumptions).items()]
    out += [""]
    out += _wrap(
        "Assumptions: "
        + (", ".join(moved) if moved else "all defaults")
        + f"  (armistice assumptions {game.system.key})",
        "",
        "  ",
    )
    if with_log:
        out += ["", "Log"]
        for e in game.log:
            text = e.text + (f" [{e.assumption}]" if e.assumption else "")
            out += _wrap(text, f"  {e.rule:<8} ", " " * LEAD)
    return "\n".join(out) + "\n"


def overview(game: Game) -> str:
    """What ``game`` stands at, for a reader who has not played it: the summary's facts and
    every section with rows, then who must act next (or that it is complete)."""
    summary = game.summary
    out = [summary.title, *_pairs([("Scenario", game.scenario.name), *summary.facts])]
    for section in summary.sections:
        if section.rows:
            out += ["", *section_lines(section)]
    prompt = game.prompt
    out.append("")
    if prompt is None:
        out.append("Complete: nothing is left to decide or roll.")
    else:
        out += _wrap(f"Next: {prompt.label} ({prompt.rule})", "", "  ")
    return "\n".join(out) + "\n"


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest) or [
        first.rstrip()
    ]


def _pairs(pairs: list[tuple[str, str]]) -> list[str]:
    width = max(len(label) for label, _ in pairs) + 2
    lines = []
    for label, value in pairs:
        lines += _wrap(value, f"{label:<{width}}", " " * width)
    return lines


def section_lines(section: Section) -> list[str]:
    """A section as lines: its title and rule, a header when it has extra columns, then each
    row: rule, label, value and cells, with the explanation beside or wrapped below."""
    rows = section.rows
    label_width = max(len(r.label) for r in rows)
    columns = max(1 + len(r.cells) for r in rows)
    lines = [f"{section.title} ({section.rule})"]
    if columns == 1:
        for row in rows:
            lines += _single(row, label_width)
        return lines
    names = [*section.columns[1:], *[""] * columns][:columns]
    tabular = [r for r in rows if len(r.cells) == columns - 1]
    widths = [
        max(len(names[i]), *(len([r.value, *r.cells][i]) for r in tabular)) for i in range(columns)
    ]
    if LEAD + label_width + sum(w + 2 for w in widths) > WIDTH:
        for row in rows:
            lines += _single(row, label_width, " | ".join(v for v in (row.value, *row.cells) if v))
        return lines
    header = " " * LEAD + f"{section.columns[0]:<{label_width}}"
    header += "".join(f"  {n:>{w}}" for n, w in zip(names, widths, strict=True))
    lines.append(header.rstrip())
    for row in rows:
        if row not in tabular:
            lines += _single(row, label_width)
            continue
        line = f"  {row.rule:<8} {row.label:<{label_width}}"
        line += "".join(f"  {v:>{w}}" for v, w in zip((row.value, *row.cells), widths, strict=True))
        lines += _beside(line, row.explanation)
    return lines


def _single(row: Row, label_width: int, value: str | None = None) -> list[str]:
    """A row whose value is wrapped beside its label, or below it if the label is long."""
    text = row.value if value is None else value
    head = f"  {row.rule:<8} {row.label:<{label_width}}  "
    if len(head) > WIDTH - 24:
        lines = _wrap(row.label, f"  {row.rule:<8} ", " " * LEAD)
        indent = " " * (LEAD + 2)
        lines += _wrap(text, indent, indent)
        if row.explanation:
            lines += _wrap(row.explanation, indent, indent)
        return lines
    lines = _wrap(text, head, " " * len(head))
    if row.explanation:
        last = lines.pop()
        lines += _beside(last, row.explanation)
    return lines


def _beside(line: str, explanation: str) -> list[str]:
    line = line.rstrip()
    if not explanation:
        return [line]
    if len(line) + 2 + len(explanation) <= WIDTH:
        return [f"{line}  {explanation}"]
    indent = " " * (LEAD + 2)
    return [line, *_wrap(explanation, indent, indent)]
