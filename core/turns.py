"""Turns and phases: where an open-ended game stands, and the actions a player may take now.

A rule system declares its phases (a :class:`~armistice.core.words.Word` enum, in turn
order) and its actions (:class:`ActionSpec`: which phases allow each, by which rule). A
procedure keeps a :class:`Clock` in its state and asks for an action with
:func:`actions`, a :class:`~armistice.core.prompts.Decision` whose options outside the
current phase are refused with the rule that forbids them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from armistice.core.prompts import Clock, Decision, Option

__all__ = ["END_PHASE", "STOP", "ActionSpec", "Clock", "actions", "within"]

END_PHASE = "end_phase"
"""The action that closes the current phase."""
STOP = "stop"
"""The action that stops an open-ended game where it stands; it is complete enough to report."""


class ActionSpec(msgspec.Struct, frozen=True):
    """An action of a rule system: ``key``, ``label``, the ``rule`` that allows it and the
    ``phases`` (values) it is allowed in."""

    key: str
    label: str
    rule: str
    phases: tuple[str, ...]

    def allowed(self, clock: Clock) -> bool:
        """Whether the action may be taken at ``clock``."""
        return clock.phase in self.phases


def actions(
    key: str,
    power: str,
    clock: Clock,
    specs: Sequence[ActionSpec],
    phase_names: dict[str, str],
    rule: str,
    closed: Mapping[str, str] | None = None,
) -> Decision:
    """The decision of ``power`` at ``clock``: each of ``specs`` (allowed now, or refused
    naming the phases and the rule that allow it, or refused for the reason ``closed``
    gives it: action key -> why the game state rules it out now), then "end this phase"
    and "stop here".

    ``phase_names`` maps phase values to labels; ``rule`` is the rule of the turn sequence.
    """
    shut = closed or {}
    options = [
        Option(
            s.key,
            s.label,
            enabled=False,
            reason=f"only in the {' or '.join(phase_names[p] for p in s.phases)} phase ({s.rule})",
        )
        if not s.allowed(clock)
        else Option(s.key, s.label, enabled=False, reason=shut[s.key])
        if s.key in shut
        else Option(s.key, s.label)
        for s in specs
    ]
    options.append(Option(END_PHASE, f"End the {clock.phase_label} phase"))
    options.append(Option(STOP, "Stop here (the game can be saved and reported)"))
    return Decision(
        key=key,
        power=power,
        label=f"{clock.turn_label}, {clock.phase_label}: what now?",
        rule=rule,
        options=tuple(options),
        default=STOP,
        clock=clock,
    )


def within(
    step: int,
    key: str,
    power: str,
    label: str,
    options: Sequence[Option],
    rule: str,
    default: str = "",
    reported: bool = False,
) -> Decision:
    """A decision asked within the action numbered ``step`` (how many the players have
    taken), keyed ``<step>.<key>`` so each action's answers stay apart in a save; its
    ``default`` is the first enabled option unless given; ``reported`` as for
    :class:`Decision`."""
    return Decision(
        key=f"{step}.{key}",
        power=power,
        label=label,
        rule=rule,
        options=tuple(options),
        default=default or next(o.value for o in options if o.enabled),
        reported=reported,
    )
