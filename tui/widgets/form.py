"""A form made from field descriptions: a control per field, its label, unit and bounds beside
it and the reason beneath it when a value is refused.

:class:`Form` takes a tuple of :class:`~armistice.core.fields.Field` (from
:func:`~armistice.core.fields.describe`) and the values to start from as plain data (what
``msgspec.to_builtins`` gives), and keeps plain data: it knows no rule system. Groups get a
heading; each entry of a list or table of entries gets a collapsible block with its fields;
a list of words is one line, comma separated. What it cannot edit is kept as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.validation import Integer
from textual.widget import Widget
from textual.widgets import Checkbox, Collapsible, Input, Label, Select, Static

from armistice.core import decode
from armistice.core.errors import IllegalAnswer
from armistice.core.fields import Field, explain
from armistice.tui.widgets.tickbox import TickBox

Key = tuple[str | int, ...]
"""Where a value sits in the form's data: names of fields and tables, indexes of lists."""


@dataclass(frozen=True)
class Slot:
    """One control of the form: the ``field`` it edits, the ``key`` of its value in the data,
    ``path`` as errors name it (``fleet[3].port``, ``colonies.algeria.brp``); ``listed`` when it
    holds a list of plain items, comma separated."""

    field: Field
    key: Key
    path: str
    listed: bool = False


class Form(VerticalScroll):
    """Edit ``values`` (plain data) field by field as ``fields`` describe them.

    Posts :class:`Form.Changed` after every change with the data and the problems found in
    single values (a number out of bounds, not a number); :meth:`show` places other
    problems (found by checking the whole) beside the field they name.
    """

    DEFAULT_CSS = """
    Form { height: 1fr; }
    Form .form-row { height: auto; }
    Form .form-label { width: 23; height: auto; padding-right: 1; }
    Form .form-row > Input, Form .form-row > Select { width: 1fr; }
    Form .form-row > Checkbox { width: 6; }
    Form .form-unit { width: auto; color: $text-muted; padding-left: 1; }
    Form .form-error { color: $text-error; height: auto; padding-left: 2; }
    Form .form-error.-empty { display: none; }
    Form .form-heading { text-style: bold; margin-top: 1; }
    Form .form-general { color: $text-error; height: auto; }
    Form Collapsible { padding: 0; margin: 0; border: none; }
    Form Collapsible Contents { padding: 0 0 0 2; }
    """

    @dataclass
    class Changed(Message):
        """The data changed: ``values`` (a copy) and ``problems`` (path -> reason) in single
        values, which the data leaves at their last good value."""

        form: Form
        values: dict[str, Any]
        problems: dict[str, str]

        @property
        def control(self) -> Form:
            """The form that changed."""
            return self.form

    def __init__(
        self,
        fields: tuple[Field, ...],
        values: Mapping[str, Any],
        *,
        skip: tuple[str, ...] = (),
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.fields = fields
        self.skip = skip
        self._data: dict[str, Any] = copy.deepcopy(dict(values))
        self._slots: dict[str, Slot] = {}
        self._own: dict[str, str] = {}
        self._shown: dict[str, str] = {}
        self._placed: dict[str, str] = {}
        self._unopened: dict[str, tuple[Collapsible, list[Field], Key]] = {}

    @property
    def values(self) -> dict[str, Any]:
        """The data as edited so far (a copy)."""
        return copy.deepcopy(self._data)

    @property
    def problems(self) -> dict[str, str]:
        """The problems in single values now, by path."""
        return dict(self._own)

    def compose(self) -> ComposeResult:
        yield Static("", classes="form-general")
        top = [f for f in self.fields if "." not in f.path and f.path not in self.skip]
        yield from self._struct(top, self._data, (), "")

    def _struct(
        self, own: list[Field], data: Mapping[str, Any], key: Key, path: str
    ) -> Iterator[Widget]:
        for field in own:
            here, value = f"{path}{field.name}", data.get(field.name)
            if field.kind == "group" and isinstance(value, Mapping):
                yield Static(_heading(field), classes="form-heading")
                yield from self._struct(self._inner(field), value, (*key, field.name), f"{here}.")
            elif field.kind in ("list", "table") and any(i.name for i in field.items):
                yield from self._entries(field, value, (*key, field.name), here)
            elif field.kind in ("list", "table"):
                yield from self._collection(field, value, (*key, field.name), here)
            elif field.kind != "other":
                yield from self._row(field, value, (*key, field.name), here)

    def _inner(self, group: Field) -> list[Field]:
        prefix = group.path + "."
        return [
            f for f in self.fields if f.path.startswith(prefix) and "." not in f.path[len(prefix) :]
        ]

    def _entries(self, field: Field, value: Any, key: Key, path: str) -> Iterator[Widget]:
        """A block per entry of a list or table of entries, titled by its name or its key's
        label; its fields are made when it is first opened."""
        yield Static(_heading(field), classes="form-heading")
        pairs = value.items() if isinstance(value, Mapping) else enumerate(value or ())
        own = [i for i in field.items if i.name]
        for where, entry in pairs:
            step = f"{path}.{where}" if isinstance(where, str) else f"{path}[{where}]"
            named = entry.get("name") if isinstance(entry, Mapping) else None
            title = str(named or field.key_label(where))
            block = Collapsible(title=title, collapsed=True)
            self._unopened[step] = (block, own, (*key, where))
            yield block

    @on(Collapsible.Expanded)
    def _opened(self, event: Collapsible.Expanded) -> None:
        for step, (block, _, _) in list(self._unopened.items()):
            if block is event.collapsible:
                self._fill(step)

    def _fill(self, step: str) -> Collapsible:
        """Make the fields of the entry at ``step`` and open its block."""
        block, own, key = self._unopened.pop(step)
        entry = self._data
        for part in key:
            entry = entry[part]
        block.query_one(Collapsible.Contents).mount_all(self._struct(own, entry, key, f"{step}."))
        block.collapsed = False
        return block

    def _collection(self, field: Field, value: Any, key: Key, path: str) -> Iterator[Widget]:
        """A list of plain items as one comma-separated line; a table of numbers as a row
        per key it holds."""
        (item,) = field.items or (field,)
        if field.kind == "list" and item.kind in ("text", "choice", "integer"):
            yield from self._row(field, value, key, path, listed=item)
        elif field.kind == "table" and isinstance(value, Mapping):
            for name in value:
                named = msgspec.structs.replace(
                    item,
                    path=f"{path}.{name}",
                    name=str(name),
                    label=f"{field.label}: {field.key_label(name)}",
                )
                yield from self._row(named, value[name], (*key, name), f"{path}.{name}")

    def _row(
        self, field: Field, value: Any, key: Key, path: str, listed: Field | None = None
    ) -> Iterator[Widget]:
        ident = f"form-{len(self._slots)}"
        self._slots[ident] = Slot(listed or field, key, path, listed is not None)
        control = _control(field, value, ident, listed)
        control.tooltip = explain(field)
        unit = field.unit or (listed.unit if listed else "")
        yield Horizontal(
            Label(field.label, classes="form-label"),
            control,
            Static(unit, classes="form-unit"),
            classes="form-row",
        )
        yield Static("", id=f"{ident}-error", classes="form-error -empty")

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self, event: Input.Changed | Select.Changed | Checkbox.Changed) -> None:
        ident = event.control.id or ""
        slot = self._slots.get(ident)
        if slot is None:
            return
        event.stop()
        try:
            value = _parse(slot.field, event.value, slot.listed)
        except ValueError as error:
            self._own[slot.path] = str(error)
        else:
            self._own.pop(slot.path, None)
            _put(self._data, slot.key, value)
        self.show(self._shown)
        self.post_message(self.Changed(self, self.values, self.problems))

    def show(self, problems: Mapping[str, str]) -> None:
        """Show ``problems`` (path -> reason, as a whole-form check names them) beside their
        fields, with the form's own, opening the entry that holds each; a path no field
        matches shows at the top."""
        self._shown = dict(problems)
        every = {**self._shown, **self._own}
        for path in every:
            for step in [s for s in self._unopened if path.startswith((f"{s}.", f"{s}["))]:
                self._fill(step)
        general, placed = [], {}
        for path, reason in every.items():
            ident = self._find(path)
            if ident is None:
                general.append(f"{path}: {reason}" if path else reason)
            else:
                placed[ident] = reason
        self.query_one(".form-general", Static).update("\n".join(general))
        if self._placed != placed:
            self.call_after_refresh(self._place, placed)

    def _place(self, placed: dict[str, str]) -> None:
        """Write each reason under its field and clear the ones that went away."""
        for ident in {*self._placed, *placed}:
            for note in self.query(f"#{ident}-error").results(Static):
                note.update(placed.get(ident, ""))
                note.set_class(ident not in placed, "-empty")
        self._placed = placed

    def control(self, path: str) -> Widget:
        """The control that edits the value at ``path`` (``territory.paris``), opening the
        entry that holds it; raises KeyError if no field of the form has that path."""
        for step in [s for s in self._unopened if path.startswith((f"{s}.", f"{s}["))]:
            self._fill(step)
        for ident, slot in self._slots.items():
            if slot.path == path:
                return self.query_one(f"#{ident}")
        raise KeyError(path)

    def note(self, path: str) -> str:
        """The reason shown beneath the field at ``path``, or empty."""
        ident = self._find(path)
        return self._placed.get(ident, "") if ident else ""

    def _find(self, path: str) -> str | None:
        """The control for ``path``: the field itself, or the nearest field that holds it."""
        by_path = {slot.path: ident for ident, slot in self._slots.items()}
        trial = path
        while trial:
            if trial in by_path:
                return by_path[trial]
            cut = max(trial.rfind("."), trial.rfind("["))
            trial = trial[:cut] if cut > 0 else ""
        return None


def _heading(field: Field) -> str:
    return field.label + (f"  ({field.rule})" if field.rule else "")


def _control(field: Field, value: Any, ident: str, listed: Field | None) -> Widget:
    if listed is not None:
        return Input(", ".join(str(v) for v in value or ()), id=ident, compact=True)
    if field.kind == "boolean":
        return TickBox("", bool(value), id=ident, compact=True)
    if field.kind == "choice":
        options = [(label, choice) for choice, label in field.choices]
        known = value in {choice for choice, _ in field.choices}
        return Select(
            options,
            value=value if known else Select.NULL,
            allow_blank=not known,
            id=ident,
            compact=True,
        )
    if field.kind == "integer":
        return Input(
            "" if value is None else str(value),
            type="integer",
            validators=[Integer(minimum=field.low, maximum=field.high)],
            valid_empty=not field.required and field.default is None,
            id=ident,
            compact=True,
        )
    return Input("" if value is None else str(value), id=ident, compact=True)


def _parse(field: Field, raw: Any, listed: bool) -> Any:
    """The value a control holds as data; raises ValueError with the reason it is refused."""
    if listed:
        words = [w.strip() for w in str(raw).split(",") if w.strip()]
        return [_parse(field, w, False) for w in words] if field.kind == "integer" else words
    if field.kind == "boolean":
        return bool(raw)
    if field.kind == "choice":
        if raw is Select.NULL:
            raise ValueError("choose one")
        return raw
    if field.kind != "integer":
        return str(raw)
    text = str(raw).strip()
    if not text and not field.required and field.default is None:
        return None
    try:
        number = decode.integer(text, field.path)
    except IllegalAnswer as error:
        raise ValueError(error.reason) from None
    if (field.low is not None and number < field.low) or (
        field.high is not None and number > field.high
    ):
        raise ValueError(f"must be {field.bounds}" + (f" {field.unit}" if field.unit else ""))
    return number


def _put(data: Any, key: Key, value: Any) -> None:
    for step in key[:-1]:
        data = data[step]
    data[key[-1]] = value
