"""What every exhaustive check of rule 58 shares: the command that reproduces a case, and the
tally of cases run and first violations that becomes the check's results."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.verify.awaw.rule58 import judge, replay
from armistice.verify.awaw.rule58.positions import Answers
from armistice.verify.model import Bounds, Result, Strength, Verdict


class Reproduction(str):
    """The ``armistice resolve`` command that reproduces a violating case (its text, the file
    written as FILE), carrying the case's ``scenario``, the ``assume`` readings (key ->
    value) and the ``answers`` (prompt key -> answer, in order) for the counterexample file."""

    scenario: AwawScenario
    assume: dict[str, str]
    answers: Answers

    def __new__(
        cls, scenario: AwawScenario, assume: Mapping[str, str], answers: Answers
    ) -> Reproduction:
        made = super().__new__(cls, replay.command("FILE", assume, answers))
        made.scenario, made.assume, made.answers = scenario, dict(assume), answers
        return made


@dataclass(frozen=True)
class Domain:
    """What a check ran over: ``bounds`` (input name -> ``(low, high)``, for machines) and
    ``text``, the same as a sentence for a rules designer."""

    bounds: Bounds
    text: str


@dataclass
class Tally:
    """Cases checked and the first violation found, in enumeration order: a check stops at
    its first violation, so that is the smallest failing case it enumerates. ``names`` are
    the properties judged."""

    names: tuple[str, ...]
    cases: int = 0
    first: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        """A violation has been found: the check stops."""
        return bool(self.first)

    def note(self, broken: judge.Broken, case: str, reproduce: Callable[[], Reproduction]) -> None:
        """Count one case and keep the violations it shows of the properties judged."""
        self.cases += 1
        for name, (engine, rule, what) in broken.items():
            if name in self.names and name not in self.first:
                self.first[name] = {
                    "case": case,
                    "engine": str(engine),
                    "rule": str(rule),
                    "differs": what,
                    "resolve": reproduce(),
                }

    def judged(self, judging: Callable[..., judge.Broken], *args: Any) -> judge.Broken:
        """What ``judging(*args)`` finds, or every property judged broken when it raises (a
        broken engine may raise anywhere)."""
        try:
            return judging(*args)
        except Exception as error:
            return self.raised(error)

    def raised(self, error: Exception) -> judge.Broken:
        """Every property judged, broken by a step that raised ``error``."""
        why = f"raised {type(error).__name__}: {error}"
        return {n: (why, "a result", "the step failed") for n in self.names}

    def results(
        self, rules: Mapping[str, tuple[str, ...]], domain: Domain, why: str
    ) -> list[Result]:
        """One exhaustive result per property judged: proved over the whole ``domain``,
        violated with its first counterexample, or unknown when the check stopped at
        another's; each with the number of cases run."""
        out = []
        for name in self.names:
            found = self.first.get(name)
            if found is not None:
                verdict = Verdict.VIOLATED
                text = (
                    f"{found['case']}: the engine gives {found['engine']}, the rule "
                    f"{found['rule']} ({found['differs']})"
                )
            elif self.first:
                verdict = Verdict.UNKNOWN
                text = (
                    f"not checked to the end: the check stopped after {self.cases} cases, at "
                    f"the first violation (of {', '.join(self.first)})"
                )
            else:
                verdict, text = Verdict.PROVED, f"holds in all {self.cases} cases; {why}"
            out.append(
                Result(
                    name,
                    rules[name],
                    verdict,
                    text,
                    counterexample=found or {},
                    strength=Strength.EXHAUSTIVE,
                    bounds=domain.bounds,
                    domain=domain.text,
                    cases=self.cases,
                )
            )
        return out


def listed(words: Sequence[str], last: str = "and") -> str:
    """``a, b and c`` (or ``a, b or c`` with ``last="or"``)."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def rules_of(properties: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """Every rule number ``properties`` (name -> rules) concern, sorted."""
    return tuple(sorted({r for rules in properties.values() for r in rules}))
