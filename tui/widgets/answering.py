"""The messages a prompt's controls send: an answer, or why a try was refused."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from armistice.core.prompts import AnswerValue, Via


@dataclass
class Answered(Message):
    """The player answered prompt ``key`` with ``value`` (``via``: decided or typed)."""

    key: str
    value: AnswerValue
    via: Via


@dataclass
class Refused(Message):
    """A try was refused for ``problem`` (an empty ``problem`` clears what was said)."""

    problem: str
