"""Field descriptions read from struct annotations: labels, units, bounds, choices, rules."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
import pytest

from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.fields import answered, ask, describe, label_of
from armistice.core.prompts import Decision, Fact
from tests.standin import Tribute


class Inner(msgspec.Struct, frozen=True):
    flag: bool = True


class Sample(msgspec.Struct):
    count: Annotated[
        int,
        msgspec.Meta(
            gt=0, lt=7, title="Count", description="how many", extra={"unit": "dice", "rule": "9.1"}
        ),
    ]
    mode: Literal["a", "b"] = "b"
    inner: Inner = Inner()
    names: tuple[str, ...] = ()
    by_name: dict[str, Inner] = {}
    maybe: int | None = None


def test_a_documented_field_carries_its_label_unit_rule_and_bounds() -> None:
    count = describe(Sample)[0]
    assert (count.path, count.kind, count.label, count.unit, count.rule) == (
        "count",
        "integer",
        "Count",
        "dice",
        "9.1",
    )
    assert (count.low, count.high, count.bounds, count.help, count.required) == (
        1,
        6,
        "1 to 6",
        "how many",
        True,
    )


def test_nested_structs_and_collections_are_described_with_paths() -> None:
    rows = {f.path: f for f in describe(Sample)}
    assert list(rows) == ["count", "mode", "inner", "inner.flag", "names", "by_name", "maybe"]
    assert rows["mode"].choices == (("a", "a"), ("b", "b")) and rows["mode"].default == "b"
    assert rows["inner"].kind == "group" and rows["inner"].default == {"flag": True}
    assert [i.path for i in rows["names"].items] == ["names[]"]
    assert [i.path for i in rows["by_name"].items] == ["by_name{}.flag"]
    assert rows["maybe"].kind == "integer" and rows["maybe"].default is None


def test_a_hand_over_struct_of_the_stand_in_is_described() -> None:
    (tribute,) = describe(Tribute)
    assert (tribute.kind, tribute.default, tribute.low, tribute.high) == ("integer", 2, 0, 10)


def test_rule_58_choices_use_the_words_display_labels() -> None:
    rows = {f.path: f for f in describe(AwawScenario)}
    assert ("axis", "held by the Axis") in rows["territory.paris"].choices
    assert rows["surrender.year"].low == 1938


def test_only_structs_are_described() -> None:
    with pytest.raises(TypeError):
        describe(int)  # type: ignore[arg-type]


def test_a_name_without_a_title_reads_as_words() -> None:
    assert label_of("axis_dps_cancelled") == "Axis dps cancelled"


class Told(msgspec.Struct, frozen=True):
    tribute: Annotated[int, msgspec.Meta(ge=0, le=10, extra={"unit": "gold"})] = 2
    mode: Literal["a", "b"] = "b"
    inner: Inner = Inner()


def test_facts_are_asked_as_prompts_and_answers_decode_to_the_struct() -> None:
    fields = describe(Told)
    tribute, mode, flag = ask(fields, "raiders", "2")  # type: ignore[misc]
    assert isinstance(tribute, Fact) and (tribute.low, tribute.high, tribute.default) == (0, 10, 2)
    assert tribute.unit == "gold" and tribute.rule == "2" and tribute.key == "tribute"
    assert isinstance(mode, Decision) and [o.value for o in mode.options] == ["a", "b"]
    assert isinstance(flag, Decision) and flag.key == "inner.flag" and flag.default == "true"
    document = answered(fields, {"tribute": 7, "mode": "a", "inner.flag": "false"})
    assert msgspec.convert(document, Told) == Told(7, "a", Inner(flag=False))


def test_facts_that_cannot_be_asked_at_a_prompt_are_not() -> None:
    assert ask(describe(Sample), "raiders", "2") is None
