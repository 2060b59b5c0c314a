"""Exact odds: the pending roll's results as bars with fractions, and what may follow."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text
from textual.widgets import Static

from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.prompts import Decision, Roll

BAR = 7


def bar(label: str, p: Fraction, width: int = BAR) -> Text:
    """One line of 30 cells: the label, a bar ``width`` cells long at certainty, the fraction."""
    filled = round(p * width)
    line = Text(f"{label[:11]:<11} ")
    line.append("█" * filled, style="bold")
    line.append("·" * (width - filled), style="dim")
    line.append(f" {p!s:>5} {float(p) * 100:3.0f}%")
    return line


class OddsPanel(Static):
    """The exact odds of the pending roll, then of each outcome from here on.

    Open decisions are taken at their defaults for the outcome odds; the panel says so.
    """

    def show(self, game: Game) -> None:
        """Render the odds for ``game``'s current state."""
        out = Text()
        prompt = game.prompt
        word = game.system.outcome_word
        if isinstance(prompt, Roll):
            out.append("This roll\n", style="bold")
            distribution = prompt.dice.distribution()
            for outcome in prompt.outcomes:
                p = sum((distribution[f] for f in outcome.faces), Fraction(0))
                out.append_text(bar(word(outcome.label).label, p))
                out.append("\n")
        if isinstance(prompt, Decision) and sum(o.enabled for o in prompt.options) > 1:
            self.update(self.by_choice(game, prompt))
            return
        result = odds(game)
        if not game.complete:
            out.append("Outcomes", style="bold")
            out.append(" (defaults)\n" if result.defaults else "\n", style="dim")
            names = game.system.outcome_names()
            for key, dist in result.marginals.items():
                out.append(f"{names.get(key, key)[:13]:<13} ")
                for label, p in sorted(dist.items(), key=lambda kv: -kv[1]):
                    out.append(f"{word(label).short} ", style="bold")
                    out.append(f"{p!s:<5} ")
                out.append("\n")
            used = {label for dist in result.marginals.values() for label in dist}
            legend = "  ".join(
                f"{m.short} {m.label}" for m in word if m in used and m.short != m.label
            )
            out.append(legend, style="dim")
        else:
            out.append("Resolved: no dice left.", style="dim")
        self.update(out)

    @staticmethod
    def by_choice(game: Game, prompt: Decision) -> Text:
        """For a pending decision: each outcome's chance of the system's headline result
        under each option, so the choices can be compared (later open choices at their
        defaults)."""
        options = [o.value for o in prompt.options if o.enabled]
        table = {
            value: odds(game, lambda p, value=value: value if p.key == prompt.key else None)
            for value in options
        }
        headline = game.system.outcome_word(game.system.headline)
        out = Text(f"{headline.label} chance by choice\n", style="bold")
        out.append(f"{'':<13}" + "".join(f" {v[:6]:>6}" for v in options) + "\n", style="bold")
        keys = next(iter(table.values())).marginals
        names = game.system.outcome_names()
        for key in keys:
            out.append(f"{names.get(key, key)[:13]:<13}")
            for value in options:
                p = table[value].marginals.get(key, {}).get(headline, Fraction(0))
                out.append(f" {p!s:>6}")
            out.append("\n")
        return out
