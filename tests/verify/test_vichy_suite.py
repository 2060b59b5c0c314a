"""The Vichy France table's proof suite: every invariant holds on the shipped engine, and
each fails on a named broken engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core.awaw.vichy.tables import VICHY_FILE, shipped
from armistice.verify import suites
from armistice.verify.awaw.vichy.mutants import mutants
from armistice.verify.awaw.vichy.properties import PROPERTIES
from armistice.verify.model import Strength, Verdict
from armistice.verify.mutate import caught
from tests.verify.runs import verify

SUITE = suites.get("awaw.vichy")


def test_every_invariant_holds_on_the_published_table() -> None:
    results = [r for c in SUITE.checks(shipped(), True) for r in c.run()]
    assert [r.name for r in results] == [p.name for p in PROPERTIES]
    assert all(r.verdict is Verdict.PROVED for r in results), [r.explanation for r in results]
    strengths = {r.name: r.strength for r in results}
    assert strengths["every_result_reads_one_row"] is Strength.PROVED
    assert strengths["policies_follow_the_table"] is Strength.EXHAUSTIVE


@pytest.mark.parametrize("mutant", list(mutants(shipped())), ids=lambda m: m.name)
def test_each_broken_engine_fails_the_properties_it_names(mutant: object) -> None:
    from armistice.verify.model import Mutant

    assert isinstance(mutant, Mutant)
    tables = SUITE.build(mutant.tables)
    with mutant.patch():
        found = {r.name: r for c in SUITE.checks(tables, True) for r in c.run()}
    for name in mutant.breaks:
        assert found[name].verdict is Verdict.VIOLATED, name
    assert caught(SUITE, mutant) == mutant.breaks[0]


def test_every_property_is_shown_failing_by_some_mutant() -> None:
    named = {name for m in mutants(shipped()) for name in m.breaks}
    assert named == {p.name for p in PROPERTIES}


def test_a_violated_policy_names_the_case() -> None:
    bad = next(m for m in mutants(shipped()) if m.name == "1-2 row keeps a pro-Axis policy")
    with bad.patch():
        result = next(p for p in PROPERTIES if p.name == "policies_follow_the_table").check(
            shipped()
        )
    assert result.verdict is Verdict.VIOLATED
    assert "5-6 then 1-2: engine 5-6, table none" in result.explanation


def test_an_edited_vichy_table_is_checked_by_its_suite_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "my-vichy.toml"
    path.write_text(
        VICHY_FILE.read_text(encoding="utf-8").replace("brps = 10", "brps = 12"), encoding="utf-8"
    )
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 1
    assert "awaw.58" not in out
    assert "brps_paid_only_by_their_rows: violated" in out
    assert "none then 7: 12 BRPs, table 10" in out
