"""58.31 and 58.53 on the shipped Vichy decision and colonial dice: every case of its domain,
judged by the rule text with the numbers the tables set."""

from __future__ import annotations

import itertools
from functools import partial

from armistice.core.awaw.rule58 import hexes
from armistice.core.awaw.rule58.tables import Tables
from armistice.verify.awaw.rule58 import judge, steps
from armistice.verify.awaw.rule58.exhaustive.tally import Domain, Reproduction, Tally
from armistice.verify.awaw.rule58.positions import position
from armistice.verify.model import Result

RULES = {
    "colonies_one_status": ("58.531", "58.532A", "58.533", "58.534"),
    "handover_colonies": ("58.531A", "58.61"),
}
HOLDERS = ("french", "axis", "british")


def domain(t: Tables) -> Domain:
    """The colony step's domain under tables ``t``, as bounds and as a sentence."""
    low, high = t.levels[0], t.levels[-1]
    text = (
        f"every surrender level from {low:+d} to {high:+d}, each of the {len(t.colonies)} "
        "colonies held by France, the Axis or Britain, the U.S. at war with Germany or not, "
        "both answers to the Vichy decision and every face of every colonial die asked"
    )
    bounds = {"level": (low, high), "die": (1, 6), "holders per colony": (1, len(HOLDERS))}
    return Domain(bounds, text)


def check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.31 and 58.53 on the shipped Vichy decision and colonial dice over :func:`domain`,
    judged with the numbers tables ``t`` set; ``only`` limits the properties judged."""
    tally = Tally(only or tuple(RULES))
    ids = tuple(t.colonies)
    with steps.uncached():
        for at, us_at_war, held in itertools.product(
            sorted(t.levels, key=abs), (False, True), itertools.product(HOLDERS, repeat=len(ids))
        ):
            controls = dict(zip(ids, held, strict=True))
            mode = "us_at_war" if us_at_war else "vichy"
            s = position(t, at=at, mode=mode, controls=controls)
            try:
                leaves = list(steps.walk(partial(steps.colony_step, s, t, at)))
            except Exception as error:  # a broken engine may raise anywhere
                tally.note(
                    tally.raised(error),
                    f"level {at:+d}, {controls}",
                    partial(Reproduction, s, {}, ()),
                )
                continue
            for path, (vichy, statuses, state) in leaves:
                dice: dict[str, int | None] = {r.group: r.die for r in state.colony_rolls}
                try:
                    holders = dict(hexes.region_holders(s, vichy, statuses))
                except Exception:  # judged below as holders missing
                    holders = {}
                broken = tally.judged(
                    judge.colonies, s, t, at, vichy, dict(statuses), dice, holders
                )
                answers = tuple((p.key, a) for p, a in path)
                tally.note(
                    broken,
                    f"level {at:+d}, held {controls}, answers {dict(answers)}",
                    partial(Reproduction, s, {}, answers),
                )
            if tally.done:
                break
    return tally.results(RULES, domain(t), "every Vichy choice and die face answered")
