"""What each field of a scenario or hand-over struct means to a player: its label, unit,
bounds, choices, default and rule, read from the struct's own type annotations.

A rule system documents a field where it declares it, with ``msgspec.Meta``::

    tribute: Annotated[int, msgspec.Meta(ge=0, le=10, title="Tribute",
        description="gold each taken town pays a turn", extra={"unit": "gold", "rule": "2"})]

:func:`describe` turns a struct type into :class:`Field` rows, nested structs and
collections included, so the schema listing, commented scenario files and the
dashboard's forms are all made from one description, for every registered system.
"""

from __future__ import annotations

import enum
import re
from typing import Any, Literal

import msgspec
import msgspec.inspect as mi

from armistice.core.prompts import Decision, Fact, Option, Prompt
from armistice.core.words import Word

Kind = Literal["integer", "boolean", "choice", "text", "group", "list", "table", "other"]


class Field(msgspec.Struct, frozen=True):
    """One field of a struct, as a player reads it.

    ``path`` is dotted from the top struct (``surrender.year``); inside a list or table it
    is relative to one item (``fleet[].port``, ``colonies{}.brp``). ``kind`` says how it
    is entered: ``integer`` (whole numbers, ``low``..``high`` where bounded), ``boolean``,
    ``choice`` (one of ``choices``, pairs of value and label), ``text``, ``group`` (a
    nested struct, whose fields follow with longer paths), ``list`` and ``table`` (a
    sequence, or a mapping from a name, of ``items``), ``other`` (anything else).
    ``default`` is the value an omitted field takes (``required`` fields have none);
    ``unit`` (factors, BRPs, DPs...), ``rule`` and ``help`` come from the field's Meta.
    ``keys`` names the keys a ``table`` may hold as pairs of key and label, when its keys
    are enum members or its Meta gives the :class:`Word` they are spelled as.
    """

    path: str
    name: str
    label: str
    kind: Kind
    required: bool
    default: Any = None
    unit: str = ""
    rule: str = ""
    help: str = ""
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    items: tuple[Field, ...] = ()
    keys: tuple[tuple[str, str], ...] = ()

    def key_label(self, key: object) -> str:
        """How a reader sees ``key`` of this table: its label in :attr:`keys`, else itself."""
        return dict(self.keys).get(str(key), str(key))

    @property
    def bounds(self) -> str:
        """The accepted range in words: ``0 to 10``, ``at least 1``, or empty."""
        if self.low is not None and self.high is not None:
            return f"{self.low} to {self.high}"
        if self.low is not None:
            return f"at least {self.low}"
        if self.high is not None:
            return f"at most {self.high}"
        return ""

    @property
    def accepts(self) -> str:
        """The accepted range with its unit: ``0 to 10 gold``, ``at least 0 DPs``, or empty."""
        return f"{self.bounds} {self.unit}".strip() if self.bounds else ""


def about(
    label: str, rule: str = "", help: str = "", unit: str = "", keys: type[Word] | None = None
) -> msgspec.Meta:
    """The ``msgspec.Meta`` that documents a field for :func:`describe`: its ``label``, the
    ``rule`` number it serves, one line of ``help``, its ``unit`` and, for a table whose
    keys are spelled as a :class:`Word`'s values, that Word (``keys``). Bounds go in a
    Meta of their own (or a shared alias) beside it::

        year: Annotated[int, msgspec.Meta(ge=1939), about("Year of surrender", "58.21D")]
    """
    extra: dict[str, Any] = {k: v for k, v in (("unit", unit), ("rule", rule)) if v}
    if keys is not None:
        extra["keys"] = keys
    return msgspec.Meta(title=label, description=help or None, extra=extra or None)


def describe(struct: type[msgspec.Struct]) -> tuple[Field, ...]:
    """The fields of ``struct`` in declaration order, each nested struct's fields
    following its ``group`` row; raises TypeError if ``struct`` is not a msgspec Struct."""
    info = mi.type_info(struct)
    if not isinstance(info, mi.StructType):
        raise TypeError(f"{struct!r} is not a msgspec Struct")
    return _fields(info, "")


def ask(fields: tuple[Field, ...], power: str, rule: str) -> tuple[Prompt, ...] | None:
    """The prompts that ask a player for ``fields`` one by one, keyed by path: a bounded
    integer as a :class:`Fact`, a boolean or a choice as a :class:`Decision`; each takes
    the field's default, ``power`` answers, and a field without a rule of its own cites
    ``rule``. None if any field cannot be asked that way (text, collections, unbounded or
    required integers): such facts come from a file."""
    prompts: list[Prompt] = []
    for f in fields:
        key, label, cite = f.path, f.label, f.rule or rule
        described = " ".join(p for p in (f.help, f"({f.accepts})" if f.accepts else "") if p)
        if f.kind == "integer" and f.low is not None and f.high is not None and not f.required:
            prompts.append(
                Fact(key, power, label, cite, f.unit, f.low, f.high, f.default, described)
            )
        elif f.kind in ("boolean", "choice") and not f.required:
            options = f.choices or (("true", "Yes"), ("false", "No"))
            prompts.append(
                Decision(
                    key,
                    power,
                    label,
                    cite,
                    tuple(Option(value, name) for value, name in options),
                    str(f.default).lower() if f.kind == "boolean" else str(f.default),
                    f.help,
                )
            )
        elif f.kind != "group":
            return None
    return tuple(prompts)


def defaulted(fields: tuple[Field, ...], values: msgspec.Struct) -> tuple[Field, ...]:
    """``fields`` (of :func:`describe`) with the default of each top-level or nested field
    read from ``values``, an instance of the struct they describe (facts as a finished game
    already tells them); a field given there is no longer required. Fields inside a list
    or table keep theirs."""
    plain = msgspec.to_builtins(values)
    out: list[Field] = []
    for f in fields:
        found, value = "[]" not in f.path and "{}" not in f.path, plain
        for step in f.path.split("."):
            found = found and isinstance(value, dict) and step in value
            value = value[step] if found else None
        out.append(msgspec.structs.replace(f, default=value, required=False) if found else f)
    return tuple(out)


def answered(fields: tuple[Field, ...], answers: dict[str, Any]) -> dict[str, Any]:
    """The answers to :func:`ask`'s prompts (by path) as a nested mapping to decode with
    the struct: booleans from ``true``/``false``, dotted paths as nested tables."""
    kinds = {f.path: f.kind for f in fields}
    document: dict[str, Any] = {}
    for path, value in answers.items():
        *outer, last = path.split(".")
        table = document
        for name in outer:
            table = table.setdefault(name, {})
        table[last] = value == "true" if kinds.get(path) == "boolean" else value
    return document


def children(struct: type[msgspec.Struct], path: str) -> tuple[str, ...]:
    """The names of the fields directly inside the field at ``path`` (a decoder's path, as
    :func:`find` reads it; ``""`` for ``struct`` itself): what a misspelt key there could
    have been. Empty when ``path`` names no struct."""
    rows = describe(struct)
    if path:
        parent = find(struct, path)
        if parent is None:
            return ()
        mark = {"list": "[]", "table": "{}"}.get(parent.kind, "")
        prefix, rows = f"{parent.path}{mark}.", _every(rows)
    else:
        prefix = ""
    return tuple(
        f.name
        for f in rows
        if f.name and f.path.startswith(prefix) and "." not in f.path[len(prefix) :]
    )


def _every(rows: tuple[Field, ...]) -> tuple[Field, ...]:
    """``rows`` and, recursively, the fields of the items of every list and table among them."""
    return tuple(x for f in rows for x in (f, *_every(f.items)))


def find(struct: type[msgspec.Struct], path: str) -> Field | None:
    """The field a decoding error names, such as ``fleet[2].condition`` or
    ``colonies.tunisia.control`` (an index steps into a list, a key into a table), or None
    when ``path`` names no field of ``struct``."""
    rows, prefix = describe(struct), ""
    found: Field | None = None
    entering = False
    for step in (step for step in re.split(r"\.|(?=\[)", path) if step):
        if entering:
            entering = False
            continue
        found = next((f for f in rows if f.path == prefix + step), None)
        if found is None:
            return None
        prefix = f"{found.path}."
        if found.kind in ("list", "table") and found.items:
            mark = "[]" if found.kind == "list" else "{}"
            rows, prefix, entering = found.items, f"{found.path}{mark}.", True
    return found


def label_of(name: str) -> str:
    """A field name as a label when its Meta gives none: ``axis_dps`` -> ``Axis dps``."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _fields(info: mi.StructType, prefix: str) -> tuple[Field, ...]:
    rows: list[Field] = []
    for f in info.fields:
        path = f"{prefix}{f.encode_name}"
        default = f.default if f.default is not msgspec.NODEFAULT else None
        if f.default_factory is not msgspec.NODEFAULT:
            default = f.default_factory()
        row = _field(f.type, path, f.encode_name, f.required, _plain(default))
        rows.append(row)
        inner = _unwrap(f.type)[0]
        if isinstance(inner, mi.StructType):
            rows.extend(_fields(inner, f"{path}."))
    return tuple(rows)


def _field(
    t: mi.Type, path: str, name: str, required: bool, default: Any, fallback: str = ""
) -> Field:
    inner, meta, schema = _unwrap(t)
    known: dict[str, Any] = {
        "path": path,
        "name": name,
        "label": schema.get("title") or label_of(name) or fallback,
        "required": required,
        "default": default,
        "unit": str(meta.get("unit", "")),
        "rule": str(meta.get("rule", "")),
        "help": schema.get("description", ""),
    }
    if isinstance(inner, mi.BoolType):
        return Field(kind="boolean", **known)
    if isinstance(inner, mi.IntType):
        low = inner.ge if inner.ge is not None else (inner.gt + 1 if inner.gt is not None else None)
        high = (
            inner.le if inner.le is not None else (inner.lt - 1 if inner.lt is not None else None)
        )
        return Field(kind="integer", low=low, high=high, **known)
    if isinstance(inner, mi.EnumType | mi.LiteralType):
        return Field(kind="choice", choices=_choices(inner), **known)
    if isinstance(inner, mi.StrType):
        return Field(kind="text", **known)
    if isinstance(inner, mi.StructType):
        return Field(kind="group", **known)
    if isinstance(inner, mi.ListType | mi.TupleType | mi.VarTupleType | mi.SetType):
        items = _items(_item_type(inner), f"{path}[]", known["label"])
        return Field(kind="list", items=items, **known)
    if isinstance(inner, mi.DictType):
        items = _items(inner.value_type, f"{path}{{}}", known["label"])
        key_type = _unwrap(inner.key_type)[0]
        words = meta.get("keys") or (key_type.cls if isinstance(key_type, mi.EnumType) else None)
        keys = _choices(mi.EnumType(words)) if words is not None else ()
        return Field(kind="table", items=items, keys=keys, **known)
    return Field(kind="other", **known)


def _items(t: mi.Type, path: str, label: str) -> tuple[Field, ...]:
    """The fields of one item of a list or table; a plain item reads as its collection."""
    inner = _unwrap(t)[0]
    if isinstance(inner, mi.StructType):
        return _fields(inner, f"{path}.")
    return (_field(t, path, "", True, None, label),)


def _item_type(t: mi.ListType | mi.TupleType | mi.VarTupleType | mi.SetType) -> mi.Type:
    if isinstance(t, mi.TupleType):
        return t.item_types[0] if t.item_types else mi.AnyType()
    return t.item_type


def _unwrap(t: mi.Type) -> tuple[mi.Type, dict[str, Any], dict[str, Any]]:
    """``t`` without its Metadata and an optional None, with Meta's extra and title/description."""
    meta: dict[str, Any] = {}
    schema: dict[str, Any] = {}
    while True:
        if isinstance(t, mi.Metadata):
            meta = {**(t.extra or {}), **meta}
            schema = {**(t.extra_json_schema or {}), **schema}
            t = t.type
        elif isinstance(t, mi.UnionType):
            rest = [u for u in t.types if not isinstance(u, mi.NoneType)]
            if len(rest) != 1:
                return t, meta, schema
            t = rest[0]
        else:
            return t, meta, schema


def _choices(t: mi.EnumType | mi.LiteralType) -> tuple[tuple[str, str], ...]:
    if isinstance(t, mi.LiteralType):
        return tuple((str(v), str(v)) for v in t.values)
    members: list[enum.Enum] = list(t.cls)
    return tuple((str(m.value), m.label if isinstance(m, Word) else str(m.value)) for m in members)


def _plain(value: Any) -> Any:
    """A default as it would be written in a file (enums as their values, structs as tables)."""
    return msgspec.to_builtins(value) if value is not None else None


def explain(field: Field) -> str:
    """``field`` in one sentence for a reader: label, unit and bounds, rule, help, the choices
    and what an omitted field takes. ``Axis DPs in France, in DPs, at least 0 (rule 58.21E).``"""
    detail = [f"in {field.unit}"] if field.unit else []
    detail += [field.bounds] if field.bounds else []
    text = ", ".join([field.label, *detail])
    text += f" (rule {field.rule})" if field.rule else ""
    text += f": {field.help}" if field.help else ""
    if field.choices:
        text += "; one of " + ", ".join(
            f'"{value}"' + (f" ({label})" if label != value else "")
            for value, label in field.choices
        )
    if not field.required and field.kind not in ("group", "list", "table"):
        shown = "true" if field.default is True else "false" if field.default is False else None
        shown = shown or (f'"{field.default}"' if isinstance(field.default, str) else None)
        shown = shown or (str(field.default) if field.default is not None else "not set")
        text += f"; if left out: {shown}" if shown != '""' else "; may be left out"
    return text + "."
