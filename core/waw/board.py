"""Distances on the area map (5.5): steps through adjacent areas, by sea or through any
area (the reading ``waw.fleet_path``).

A fleet that rolled 5 goes to the nearest Vichy area counted from its own sea area, and is
placed in that area's port (the sea area the map names for it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from armistice.core.memo import per_scenario
from armistice.core.waw.scenario import MapScenario
from armistice.core.waw.words import ROLLED_OCEANS, Kind


def distances(s: MapScenario, start: str, by_sea: bool = True) -> dict[str, int]:
    """Steps from area ``start`` to every area it connects to (``start`` itself 0): through
    any adjacent areas, or ``by_sea`` through sea areas only, a land area one step beyond
    the nearest sea area next to it (how a fleet reaches a coast)."""
    return dict(_distances(s, by_sea)[start])


@per_scenario
def _distances(s: MapScenario, by_sea: bool) -> dict[str, dict[str, int]]:
    found = {}
    for start in s.areas:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in s.areas[here].adjacent:
                if there in seen:
                    continue
                seen[there] = seen[here] + 1
                if not by_sea or s.areas[there].kind is Kind.SEA:
                    queue.append(there)
        found[start] = seen
    return found


def nearest(
    s: MapScenario, start: str, candidates: Iterable[str], by_sea: bool = True
) -> tuple[int | None, tuple[str, ...]]:
    """The fewest steps from ``start`` to any of ``candidates`` (areas; see
    :func:`distances` for ``by_sea``) and the candidates at that distance, in map order;
    ``(None, ())`` when none is reachable."""
    far = distances(s, start, by_sea)
    reach = {c: far[c] for c in candidates if c in far}
    if not reach:
        return None, ()
    low = min(reach.values())
    return low, tuple(a for a in s.areas if reach.get(a) == low)


def rolled_at_sea(s: MapScenario, fleet: str) -> bool:
    """Whether ``fleet`` lies in the Atlantic or the Mediterranean, where 5.5 rolls for it."""
    return s.areas[s.fleets[fleet].at].ocean in ROLLED_OCEANS


def sea_areas(s: MapScenario) -> tuple[str, ...]:
    """The sea areas of the map, in map order."""
    return tuple(k for k, a in s.areas.items() if a.kind is Kind.SEA)
