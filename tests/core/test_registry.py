"""Registries of things keyed by rule system: the declared entry points, run-time
registration, and refusals of what is not what the group promises."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

import pytest

from armistice.core import systems
from armistice.core.errors import ScenarioError
from armistice.core.registry import Registry
from armistice.tui import panels


def test_the_shipped_rule_system_is_found_without_reading_entry_points() -> None:
    assert "awaw.58" in systems.names()
    assert systems.get("awaw.58").key == "awaw.58"
    assert systems.get("awaw") is systems.get("awaw.58")


def test_an_unknown_rule_system_names_the_field_and_the_known_keys() -> None:
    with pytest.raises(
        ScenarioError, match=r"x.toml: system: unknown rule system 'chess'; known: aa50, awaw.58"
    ):
        systems.get("chess", "x.toml")


def test_a_rule_system_that_reuses_a_key_or_alias_is_refused() -> None:
    taken = systems.get("awaw.58")
    with pytest.raises(ValueError, match="already known"):
        systems.register(taken)
    with pytest.raises(ValueError, match="awaw"):
        systems.register(replace(taken, key="other.1"))
    assert "other.1" not in systems.names()


def test_an_entry_point_that_holds_something_else_is_a_type_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry: Registry[int] = Registry("armistice.none", int, str)
    fake = mock.Mock()
    fake.load.return_value = "not an int"
    monkeypatch.setattr(registry, "_declared", {"x.1": fake})
    assert registry.names() == ("x.1",)
    with pytest.raises(TypeError, match=r"entry point 'x\.1' of armistice\.none is not the int"):
        registry.find("x.1")


def test_run_time_registration_comes_and_goes() -> None:
    registry: Registry[int] = Registry("armistice.none", int, str)
    registry.register(7)
    assert registry.find("7") == 7 and registry.names() == ("7",)
    with pytest.raises(ValueError, match="already known"):
        registry.register(7)
    registry.unregister("7")
    assert registry.find("7") is None


def test_rule_58_adds_no_panels_of_its_own() -> None:
    assert panels.DASHBOARDS.find("awaw.58") is None


def test_a_shipped_key_is_found_and_known_without_reading_any_entry_point() -> None:
    registry: Registry[int] = Registry("armistice.none", int, str, {"5": "operator:length_hint"})
    fresh = Registry("armistice.systems", systems.RuleSystem, systems.REGISTRY.key, systems.SHIPPED)
    with mock.patch("importlib.metadata.entry_points", side_effect=AssertionError("read")):
        assert fresh.has("awaw.58") and fresh.find("awaw.58") is systems.get("awaw.58")
        with pytest.raises(TypeError, match="is not the int of '5'"):
            registry.find("5")


def test_a_plug_in_is_read_from_its_entry_point_and_cannot_take_a_shipped_key() -> None:
    shipped = {"awaw.58": systems.SHIPPED["awaw.58"]}
    plug_in, taken = mock.Mock(), mock.Mock()
    plug_in.name, taken.name = "chess.1", "awaw.58"
    plug_in.load.return_value = replace(systems.get("awaw.58"), key="chess.1", aliases=())
    found = mock.Mock(return_value=[plug_in, taken])
    fresh = Registry("armistice.systems", systems.RuleSystem, systems.REGISTRY.key, shipped)
    with mock.patch("importlib.metadata.entry_points", found):
        assert fresh.names() == ("awaw.58", "chess.1")
        assert fresh.find("chess.1") is plug_in.load.return_value
        assert fresh.find("awaw.58") is systems.get("awaw.58")
    taken.load.assert_not_called()
    found.assert_called_once_with(group="armistice.systems")
