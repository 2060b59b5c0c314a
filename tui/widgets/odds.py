"""Exact odds: the pending roll's results as bars with fractions, and what may follow."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text
from textual.widgets import Static

from core.game import Game
from core.odds import odds
from core.prompts import Decision, Roll

BAR = 7


def bar(label: str, p: Fraction, width: int = BAR) -> Text:
    """One line of 30 cells: the label, a bar ``width`` cells long at certainty, the fraction."""
    filled = round(p * width)
    line = Text(f"{label[:11]:<11} ")
    line.append("█" * filled, style="bold")
    line.append("·" * (width - filled), style="dim")
    line.append(f" {p!s:>5} {float(p) * 100:3.0f}%")
    return line


SHORT = {"free_french": "FF", "vichy": "Vi", "axis": "Ax", "independent": "Ind"}
NAMES = {"free_french": "Free French", "vichy": "Vichy", "axis": "Axis", "independent": "indep."}


class OddsPanel(Static):
    """The exact odds of the pending roll, then of each outcome from here on.

    Open decisions are taken at their defaults for the outcome odds; the panel says so.
    """

    def show(self, game: Game) -> None:
        """Render the odds for ``game``'s current state."""
        out = Text()
        prompt = game.prompt
        if isinstance(prompt, Roll):
            out.append("This roll\n", style="bold")
            distribution = prompt.dice.distribution()
            for outcome in prompt.outcomes:
                p = sum((distribution[f] for f in outcome.faces), Fraction(0))
                out.append_text(bar(outcome.label.replace("_", " "), p))
                out.append("\n")
        if isinstance(prompt, Decision) and sum(o.enabled for o in prompt.options) > 1:
            self.update(self.by_choice(game, prompt))
            return
        result = odds(game)
        if not game.complete:
            out.append("Outcomes", style="bold")
            out.append(" (defaults)\n" if result.defaults else "\n", style="dim")
            for key, dist in result.marginals.items():
                out.append(f"{key.replace('_', ' ')[:13]:<13} ")
                for label, p in sorted(dist.items(), key=lambda kv: -kv[1]):
                    out.append(f"{SHORT.get(label, label[:4])} ", style="bold")
                    out.append(f"{p!s:<5} ")
                out.append("\n")
            used = {label for dist in result.marginals.values() for label in dist}
            legend = "  ".join(f"{SHORT[k]} {NAMES[k]}" for k in SHORT if k in used)
            out.append(legend, style="dim")
        else:
            out.append("Resolved: no dice left.", style="dim")
        self.update(out)

    @staticmethod
    def by_choice(game: Game, prompt: Decision) -> Text:
        """For a pending decision: each outcome's Free French chance under each option, so the
        choices can be compared (later open choices at their defaults)."""
        options = [o.value for o in prompt.options if o.enabled]
        table = {
            value: odds(game, lambda p, value=value: value if p.key == prompt.key else None)
            for value in options
        }
        out = Text("Free French chance by choice\n", style="bold")
        out.append(f"{'':<13}" + "".join(f" {v[:6]:>6}" for v in options) + "\n", style="bold")
        keys = next(iter(table.values())).marginals
        for key in keys:
            out.append(f"{key.replace('_', ' ')[:13]:<13}")
            for value in options:
                p = table[value].marginals.get(key, {}).get("free_french", Fraction(0))
                out.append(f" {p!s:>6}")
            out.append("\n")
        return out
