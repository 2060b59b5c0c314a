"""A batch of independent rolls: the prompt's checks, and its exact odds by combination."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armistice.core import batch
from armistice.core.dice import D6, Dice
from armistice.core.errors import IllegalAnswer
from armistice.core.prompts import Roll, RollOutcome, Rolls, Total, Weight

LOW_HIGH = (RollOutcome("low", (1, 2, 3)), RollOutcome("high", (4, 5, 6)))


def die(key: str, outcomes: tuple[RollOutcome, ...] = LOW_HIGH, dice: Dice = D6) -> Roll:
    return Roll(key=key, label=key.title(), rule="1.1", dice=dice, outcomes=outcomes)


def fleets(depends: tuple[str, ...] | None = ("hits",)) -> Rolls:
    return Rolls(
        key="fleets",
        label="Fleet dice",
        rule="1.1",
        members=(die("fleet.a"), die("fleet.b")),
        totals=(
            Total.table(
                "hits", "Hits", "factors", {"fleet.a": {"high": 1}, "fleet.b": {"high": 2}}
            ),
        ),
        depends=depends,
    )


def test_an_answer_maps_each_member_to_a_total_in_member_order() -> None:
    assert fleets().check({"fleet.b": 6, "fleet.a": 1}) == {"fleet.a": 1, "fleet.b": 6}
    assert list(fleets().check({"fleet.b": 6, "fleet.a": 1})) == ["fleet.a", "fleet.b"]


@pytest.mark.parametrize(
    ("value", "where", "says"),
    [
        ({"fleet.a": 7, "fleet.b": 1}, "fleet.a", "1d6 roll shows 1 to 6, not 7"),
        ({"fleet.a": 1}, "fleet.b", "no result given for Fleet.B"),
        ({"fleet.a": 1, "fleet.b": 2, "fleet.c": 3}, "fleets", "'fleet.c' is not rolled here"),
        ({"fleet.a": "3", "fleet.b": 2}, "fleet.a", "not '3'"),
        (4, "fleets", "maps each member key"),
    ],
)
def test_a_refused_answer_names_the_member(value: object, where: str, says: str) -> None:
    with pytest.raises(IllegalAnswer) as refused:
        fleets().check(value)
    assert refused.value.where == where
    assert says in refused.value.reason


def test_a_total_weighs_each_members_outcome() -> None:
    prompt = fleets()
    hits = prompt.total("hits")
    assert hits.of(prompt.outcomes_of({"fleet.a": 5, "fleet.b": 2})) == 1
    assert hits.of(prompt.outcomes_of({"fleet.a": 5, "fleet.b": 6})) == 3
    assert hits.weight("fleet.a", "low") == 0
    with pytest.raises(KeyError):
        prompt.total("nothing")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"members": ()}, "at least one member"),
        ({"members": (die("x"), die("x"))}, "listed twice"),
        ({"members": (die("x", (RollOutcome("all", (1, 2, 3, 4, 5)),)),)}, "exactly once"),
        ({"members": (die("x", (*LOW_HIGH, RollOutcome("six", (6,)))),)}, "exactly once"),
        ({"totals": (Total("t", "T", "IPCs", (Weight("x", "huge", 1),)),)}, "not a member"),
        ({"depends": ("income",)}, "not a total"),
    ],
)
def test_a_malformed_batch_is_refused_when_made(change: dict[str, object], says: str) -> None:
    fields: dict[str, object] = {"key": "b", "label": "B", "rule": "1", "members": (die("x"),)}
    with pytest.raises(ValueError, match=says):
        Rolls(**{**fields, **change})  # type: ignore[arg-type]


def test_a_weighted_total_is_the_convolution_of_its_members() -> None:
    assert batch.total_odds(fleets(), "hits") == {
        0: Fraction(1, 4),
        1: Fraction(1, 4),
        2: Fraction(1, 4),
        3: Fraction(1, 4),
    }


def test_branches_follow_what_the_rest_depends_on() -> None:
    by_total = batch.branches(fleets(("hits",)))
    assert sorted(b.value for b in by_total) == [(0,), (1,), (2,), (3,)]
    for branch in by_total:
        outcomes = fleets().outcomes_of(branch.answer)
        assert (fleets().total("hits").of(outcomes),) == branch.value
    nothing = batch.branches(fleets(()))
    assert [(b.value, b.probability) for b in nothing] == [((), Fraction(1))]
    every = batch.branches(fleets(None))
    assert {b.value for b in every} == set(itertools.product(("low", "high"), repeat=2))


def test_twelve_dice_of_income_combine_to_the_12d6_distribution() -> None:
    faces = tuple(RollOutcome(str(f), (f,)) for f in D6.faces())
    members = tuple(die(f"area{i}", faces) for i in range(12))
    income = Total.table(
        "income", "Income", "IPCs", {m.key: {str(f): f for f in D6.faces()} for m in members}
    )
    prompt = Rolls("income", "Income", "2.1", members, (income,), ("income",))
    assert batch.total_odds(prompt, "income") == Dice(12, 6).distribution()
    assert len(batch.branches(prompt)) == 61


@st.composite
def batches(draw: st.DrawFn, most: int = 4) -> Rolls:
    """A random batch: members of random dice, faces split into random classes, random
    integer weights in two totals, and a random ``depends``."""
    members = []
    for index in range(draw(st.integers(1, most))):
        dice = Dice(draw(st.integers(1, 2)), draw(st.integers(2, 6)))
        cuts = sorted(draw(st.sets(st.integers(dice.low + 1, dice.high), max_size=3)))
        bounds = [dice.low, *cuts, dice.high + 1]
        outcomes = tuple(
            RollOutcome(f"c{i}", tuple(range(a, b)))
            for i, (a, b) in enumerate(itertools.pairwise(bounds))
        )
        members.append(Roll(f"m{index}", f"M{index}", "1", dice, outcomes))
    totals = tuple(
        Total.table(
            name,
            name,
            "points",
            {
                m.key: {
                    o.label: draw(st.integers(-3, 5)) for o in m.outcomes if draw(st.booleans())
                }
                for m in members
            },
            draw(st.none() | st.just({m.key: draw(st.integers(0, 2)) for m in members})),
        )
        for name in ("t", "u")
    )
    depends = draw(st.sampled_from([None, (), ("t",), ("u",), ("t", "u")]))
    return Rolls("b", "B", "1", tuple(members), totals, depends)


@given(batches())
def test_every_batchs_probabilities_sum_to_exactly_one(prompt: Rolls) -> None:
    for dist in batch.member_odds(prompt).values():
        assert sum(dist.values()) == 1
        assert all(isinstance(p, Fraction) and p > 0 for p in dist.values())
    for total in prompt.totals:
        assert sum(batch.total_odds(prompt, total.key).values()) == 1
    assert sum(b.probability for b in batch.branches(prompt)) == 1


@given(batches(most=3))
def test_totals_and_branches_equal_the_enumerated_product(prompt: Rolls) -> None:
    totals: dict[str, dict[int, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    seen: dict[tuple[object, ...], Fraction] = defaultdict(Fraction)
    ranges = [m.dice.faces() for m in prompt.members]
    distributions = [m.dice.distribution() for m in prompt.members]
    for faces in itertools.product(*ranges):
        p = Fraction(1)
        for face, dist in zip(faces, distributions, strict=True):
            p *= dist[face]
        value = dict(zip((m.key for m in prompt.members), faces, strict=True))
        labels = prompt.outcomes_of(value)
        for total in prompt.totals:
            totals[total.key][total.of(labels)] += p
        if prompt.depends is None:
            seen[tuple(labels.values())] += p
        else:
            seen[tuple(prompt.total(n).of(labels) for n in prompt.depends)] += p
    for total in prompt.totals:
        assert batch.total_odds(prompt, total.key) == dict(sorted(totals[total.key].items()))
    found = batch.branches(prompt)
    assert {b.value: b.probability for b in found} == dict(seen)
    for branch in found:
        labels = prompt.outcomes_of(prompt.check(branch.answer))
        if prompt.depends is None:
            assert tuple(labels.values()) == branch.value
        else:
            assert tuple(prompt.total(n).of(labels) for n in prompt.depends) == branch.value


def test_a_lowest_rank_total_counts_only_the_nearest_members_that_scored() -> None:
    """Three areas turn Vichy on 1-3: two at distance 1 (weights 1 and 2), one at distance 2
    (weight 4). The total is the weights of the nearest Vichy areas only."""
    side = (RollOutcome("vichy", (1, 2, 3)), RollOutcome("free", (4, 5, 6)))
    members = tuple(Roll(k, k, "5.5", D6, side) for k in ("a", "b", "c"))
    nearest = Total.table(
        "nearest",
        "Nearest Vichy areas",
        "areas",
        {"a": {"vichy": 1}, "b": {"vichy": 2}, "c": {"vichy": 4}},
        {"a": 1, "b": 1, "c": 2},
    )
    prompt = Rolls("areas", "Areas", "5.5", members, (nearest,), depends=("nearest",))
    assert batch.total_odds(prompt, "nearest") == {
        0: Fraction(1, 8),
        1: Fraction(1, 4),
        2: Fraction(1, 4),
        3: Fraction(1, 4),
        4: Fraction(1, 8),
    }
    assert nearest.of({"a": "free", "b": "vichy", "c": "vichy"}) == 2
    assert nearest.of({"a": "free", "b": "free", "c": "vichy"}) == 4
    assert nearest.of({"a": "free", "b": "free", "c": "free"}) == 0
    assert len(batch.branches(prompt)) == 5
