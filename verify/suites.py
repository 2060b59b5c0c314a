"""The proof suites armistice knows: one :class:`ProofSuite` per rule system, found by key.

A rule system's suite is a package (``armistice.verify.awaw.rule58``) whose ``SUITE`` is
listed in :data:`SHIPPED` (armistice's own) or under the ``armistice.proofs`` entry point
group of its distribution (a plug-in), keyed by the
rule system's key (``awaw.58``). The runner, the reports, the mutation driver and the
command line work from this declaration alone; suites made elsewhere (a plug-in, a test's
stand-in) can :func:`register` at run time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armistice.core import systems
from armistice.core.errors import ArmisticeError, ScenarioError
from armistice.core.registry import Registry
from armistice.verify.model import Check, Mutant

GROUP = "armistice.proofs"
"""The entry point group where a plug-in lists its proof suites: ``KEY = "module:SUITE"``."""

SHIPPED = {
    "aa50": "armistice.verify.aa50:SUITE",
    "awaw.58": "armistice.verify.awaw.rule58:SUITE",
    "awaw.vichy": "armistice.verify.awaw.vichy:SUITE",
    "waw": "armistice.verify.waw:SUITE",
}
"""The proof suites armistice ships: rule system key -> ``"module:SUITE"``."""


class UnknownSuite(ArmisticeError):
    """A rule system key no proof suite is known for; the reason lists the known keys."""


def _no_mutants(_tables: Any) -> Iterable[Mutant]:
    return ()


def _no_build(_files: Any) -> Any:
    raise NotImplementedError("this suite makes no mutants")


def _no_counterexample(
    _folder: Path, _property: str, _values: dict[str, Any], _house: Sequence[Path]
) -> Path | str | None:
    return None


def _no_sections(_tables: Any) -> list[str]:
    return []


def _no_extra(_tables: Any) -> dict[str, Any]:
    return {}


def _no_exhaustive(_tables: Any) -> list[Check]:
    return []


def _nothing_written(_folder: Path) -> list[Path]:
    return []


def _plays_anything(_paths: Sequence[Path]) -> object:
    return None


@dataclass(frozen=True)
class ProofSuite:
    """What the generic verifier needs from a rule system's proofs.

    * ``system`` is the rule system's key (``awaw.58``); ``title`` names it in reports
      (``Rule 58``); ``tables_help`` says in one line which files ``--tables`` takes.
    * ``load_tables(paths)`` gives the tables to check: the shipped ones when ``paths`` is
      empty, else the edited table files among ``paths`` (recognised by content) in place of
      the shipped ones. Raises ArmisticeError (a TableError for rule tables) naming the file,
      the place and the reason for a file it cannot read or does not recognise.
      ``table_sources(paths)`` names the files those tables come from, for reports.
    * ``checks(tables, published)`` are the properties, then the table analyses, in the
      order they run; each :class:`~armistice.verify.model.Check` names the rules it
      concerns. ``published`` is False for edited tables, where agreeing with the published
      rules may become a finding rather than an invariant.
    * ``mutants(tables)`` are small changes to the rules or tables (see
      :mod:`armistice.verify.mutate`); ``build(files)`` turns a mutant's table files into
      tables, raising ArmisticeError for files the engine refuses.
    * ``counterexample(folder, property, values, house)`` writes a violated property's
      inputs (name -> value), found under the edited table files ``house`` (empty: the
      published tables), as a file in ``folder`` that reproduces them under the same tables,
      and returns its path; or a sentence saying why the inputs describe nothing a user can
      open, or None when there is nothing to say. ``clear(folder)`` removes from ``folder``
      the files earlier runs wrote there (never a user's own) and returns their paths: a
      run calls it first, so the folder shows that run's counterexamples alone.
    * ``exhaustive(tables)`` are the exhaustive checks of the system's whole procedure (the
      shipped step code run over stated bounds and every answer), run on their own by
      ``--exhaustive``; each result is of strength ``exhaustive`` with its bounds.
      ``playable(paths)`` raises ArmisticeError (one line naming the file, the table and the
      reason) when a game refuses the edited table files at ``paths``: the exhaustive checks
      run the game's own steps, so they run only on tables a game plays.
    * ``report_sections(tables)`` are Markdown lines the designer's report adds after the
      verdicts (headings at level 2); ``json_extra(tables)`` are keys the JSON report adds
      for this system.
    """

    system: str
    title: str
    load_tables: Callable[[Sequence[Path]], Any]
    table_sources: Callable[[Sequence[Path]], list[str]]
    checks: Callable[[Any, bool], list[Check]]
    tables_help: str = ""
    mutants: Callable[[Any], Iterable[Mutant]] = _no_mutants
    build: Callable[[Any], Any] = _no_build
    counterexample: Callable[[Path, str, dict[str, Any], Sequence[Path]], Path | str | None] = (
        _no_counterexample
    )
    clear: Callable[[Path], list[Path]] = _nothing_written
    report_sections: Callable[[Any], list[str]] = _no_sections
    json_extra: Callable[[Any], dict[str, Any]] = _no_extra
    exhaustive: Callable[[Any], list[Check]] = _no_exhaustive
    playable: Callable[[Sequence[Path]], object] = _plays_anything


SUITES: Registry[ProofSuite] = Registry(GROUP, ProofSuite, lambda suite: suite.system, SHIPPED)
"""Every proof suite, declared or registered."""


def register(suite: ProofSuite) -> None:
    """Make a proof suite known at run time (a plug-in, or a test's stand-in).

    Raises ValueError if a suite for its system is already known.
    """
    SUITES.register(suite)


def unregister(system: str) -> None:
    """Forget the suite :func:`register` made known for ``system`` (nothing if there is none)."""
    SUITES.unregister(system)


def names() -> tuple[str, ...]:
    """The keys of every system with a proof suite, declared ones first, each sorted."""
    return SUITES.names()


def get(system: str) -> ProofSuite:
    """The proof suite of rule system ``system`` (its key, ``awaw.58``, or an older alias).

    Raises UnknownSuite for a key no suite is known for, and TypeError if the entry point
    declared for it does not hold a ProofSuite for that key.
    """
    found = SUITES.find(system)
    if found is None:
        try:
            found = SUITES.find(systems.get(system).key)
        except ScenarioError:
            found = None
    if found is None:
        known = ", ".join(names()) or "none"
        raise UnknownSuite("", f"no proof suite for rule system {system!r}; known: {known}")
    return found


def suites() -> tuple[ProofSuite, ...]:
    """Every known proof suite, in the order of :func:`names`."""
    return tuple(get(key) for key in names())
