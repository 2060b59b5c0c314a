"""What ``resolve --json`` and ``odds`` print: the JSON document of a game, and the exact
odds of its outcomes as JSON or as text within 78 columns."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import Any

import msgspec

from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game
from armistice.core.odds import Odds, Policy
from armistice.core.odds import odds as exact_odds
from armistice.core.prompts import AnswerValue, Decision, Prompt
from armistice.tui.prompting import parse_decision, result_name


def choices(decisions: dict[str, str], asked: set[str]) -> Policy:
    """The odds policy that answers each prompt named in ``decisions`` (``--decide`` texts)
    and takes the defaults of the rest; adds every key it is asked about to ``asked``. A
    turn's menu of actions named there is answered once at its turn and phase (a menu asked
    again under the same key takes its default, which stops the game); the World at War
    menus are keyed by the action's number, so ``action.1=attack`` takes the first."""
    menus: set[tuple[str, Any]] = set()

    def choose(prompt: Prompt) -> AnswerValue | None:
        asked.add(prompt.key)
        text = decisions.get(prompt.key)
        clock = getattr(prompt, "clock", None)
        if text is None or (clock is not None and (prompt.key, clock) in menus):
            return None
        if clock is not None:
            menus.add((prompt.key, clock))
        return parse_decision(prompt, text)

    return choose


def json_report(game: Game, choose: Policy | None = None) -> bytes:
    """The ``resolve --json`` document: the game, its summary and state, and its exact
    ``odds`` from the current state (open decisions answered by ``choose``, else defaults)."""
    document = {
        "game": game.system.key,
        "title": game.system.title,
        "scenario": game.scenario.name,
        "house_tables": house_tables(game),
        "seed": game.seed,
        "complete": game.complete,
        "pending": game.prompt,
        "assumptions": dict(game.assumptions),
        "answers": game.answers,
        "log": game.log,
        "clock": getattr(game.prompt, "clock", None),
        "actions": _open_actions(game),
        "links": [link.to for link in game.links],
        "summary": game.summary,
        "state": game.state,
        "odds": exact_odds(game, choose).document(),
    }
    return msgspec.json.format(msgspec.json.encode(document), indent=2)


def house_tables(game: Game) -> dict[str, str] | None:
    """The ``house_tables`` of a ``--json`` document: the name of each published table file
    the game's house tables replace -> the file its text was read from (the save file for a
    game opened from one); None with the published tables."""
    return dict(game.house.files) if game.house is not None else None


def _open_actions(game: Game) -> list[str]:
    """The actions open now, when the game waits for one (a decision with a clock)."""
    prompt = game.prompt
    if isinstance(prompt, Decision) and prompt.clock is not None:
        return [o.value for o in prompt.options if o.enabled]
    return []


def odds_given(game: Game, decisions: dict[str, str]) -> Odds:
    """The exact odds of ``game`` from its current state with the prompts named in
    ``decisions`` (``--decide`` key -> text) answered so and the rest at their defaults.

    Raises IllegalAnswer naming ``--decide KEY`` for a text its prompt refuses, a key that
    names a die (the odds take each of its faces), or a key the game never asks from here
    (listing the keys it does ask)."""
    asked: set[str] = set()
    try:
        result = exact_odds(game, choices(decisions, asked))
    except IllegalAnswer as error:
        if error.where not in decisions:
            raise
        raise IllegalAnswer(f"--decide {error.where}", error.reason) from None
    for key in sorted(decisions.keys() - asked):
        if key in result.rolls:
            raise IllegalAnswer(
                f"--decide {key}",
                "a die: the odds take each of its results; to fix it, play it with "
                "resolve --dice and ask the odds of the save",
            )
        listed = ", ".join(sorted(asked)) or "nothing"
        raise IllegalAnswer(f"--decide {key}", f"never asked; from here the game asks: {listed}")
    return result


def odds_json(game: Game, result: Odds) -> bytes:
    """The ``odds --json`` document of ``result``, the odds of ``game``."""
    document = {
        "scenario": game.scenario.name,
        "house_tables": house_tables(game),
        "odds": result.document(),
    }
    return msgspec.json.format(msgspec.json.encode(document), indent=2)


def _percent(p: Fraction) -> str:
    return f"{p!s:>7}  {float(p) * 100:5.1f}%"


def odds_text(game: Game, result: Odds) -> list[str]:
    """The lines of the ``odds`` report of ``result``, the odds of ``game``: the defaults
    taken, each roll's results, each weighted total, each outcome, then the joint outcomes;
    each chance as a fraction and a percentage."""
    lines = [f"Exact odds for {game.scenario.name}"]
    if game.house is not None:
        lines.append(f"House tables: {game.house.describe()}")
    if result.defaults:
        lines.append("Defaults taken (answer one with --decide KEY=VALUE):")
        width = max(len(key) for key in result.defaults)
        lines += [f"  {key:<{width}}  {result.labels[key]}" for key in result.defaults]
    system, names = game.system, game.system.key_names(game.scenario, game.tables)
    shown = [
        label for dists in (result.rolls, result.marginals) for d in dists.values() for label in d
    ]
    width = max([14, *(len(result_name(system, label)) for label in shown)])
    for key, dist in result.rolls.items():
        lines += ["", result.labels[key]]
        lines += [
            f"  {result_name(system, label):<{width}} {_percent(p)}" for label, p in dist.items()
        ]
    for total in result.totals.values():
        lines += ["", f"Total: {total.label} ({total.unit})"]
        lines += [f"  {value:>14} {_percent(p)}" for value, p in total.distribution.items()]
    lines += ["", "Each outcome"]
    for key, dist in result.marginals.items():
        lines.append(f"  {names.get(key, key)}")
        for label, p in sorted(dist.items(), key=lambda kv: -kv[1]):
            lines.append(f"    {result_name(system, label):<{width}} {_percent(p)}")
    lines += ["", "Joint outcomes"]
    for outcome, p in result.outcomes:
        listed = ", ".join(f"{names.get(k, k)} {result_name(system, v)}" for k, v in outcome)
        lines.append(
            textwrap.fill(
                listed, 78, initial_indent=f"  {_percent(p)}  ", subsequent_indent=" " * 20
            )
        )
    return lines
