"""Terms of the rules as enums that carry their own display label.

A :class:`Word` is a ``StrEnum``: its value is how files spell it (``free_french``)
and ``label`` is how a reader sees it (``Free French``). Each game declares its words
once, in one module, and everything else uses the members.
"""

from __future__ import annotations

import enum
from typing import Self


class Word(enum.StrEnum):
    """A ``StrEnum`` member declared as ``NAME = "value", "Label", "Short"``; ``label``
    defaults to the value and ``short`` (for narrow columns) to the label. Decodes from
    and encodes to its value in TOML and JSON."""

    label: str
    short: str

    def __new__(cls, value: str, label: str = "", short: str = "") -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label or value
        member.short = short or member.label
        return member

    @classmethod
    def parse(cls, text: str, where: str = "") -> Self:
        """The member spelled ``text``; raises ValueError naming ``where`` and the choices."""
        try:
            return cls(text)
        except ValueError:
            known = ", ".join(m.value for m in cls)
            raise ValueError(f"{where}: {text!r} is not one of: {known}") from None


def singular(plural: str) -> str:
    """The singular of an English plural ending in s: ``territories`` is ``territory``,
    ``factors`` is ``factor``; a word without the s is returned as it is."""
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    return plural.removesuffix("s")


def counted(n: int, one: str, many: str = "") -> str:
    """``n`` with its noun in the right number: ``counted(1, "destroyer")`` is
    ``1 destroyer``, ``counted(3, "BRP")`` is ``3 BRPs``; ``many`` is the plural when
    adding ``s`` is wrong (``counted(2, "infantry", "infantry")``)."""
    return f"{n} {one if n == 1 else many or one + 's'}"
