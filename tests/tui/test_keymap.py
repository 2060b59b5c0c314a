"""A keymap as the README gives it: the remapped keys stay in view in the footer at 80x24
with their new keys, and a key that another binding of the same screen already has is
reported when the dashboard starts and not applied."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.tui.app import ArmisticeApp
from tests.tui.dashboard import NARROW, Notes, dashboard, example, isolate, on_screen, press


def keymap(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, body: str) -> None:
    isolate(monkeypatch, tmp_path)
    path = tmp_path / "keymap.toml"
    path.write_text(f"[keys]\n{body}\n", encoding="utf-8")
    monkeypatch.setenv("ARMISTICE_KEYMAP", str(path))


async def test_remapped_keys_show_in_the_footer_with_their_new_keys(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    keymap(monkeypatch, tmp_path, 'undo = "z"\nroll = "space"')
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        footer = " ".join(on_screen(app)[-1].split())
        assert "space Roll" in footer and "z Undo" in footer, footer
        await press(pilot, "space")
        assert len(screen.game.answers) == 2
        await press(pilot, "z")
        assert len(screen.game.answers) == 1


async def test_a_key_another_binding_has_is_reported_and_not_applied(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    keymap(monkeypatch, tmp_path, 'undo = "r"')
    app = ArmisticeApp(example())
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        assert [(m, s) for m, s, _ in notes.seen] == [
            (
                f"{tmp_path / 'keymap.toml'}: keys.undo: 'r' is already roll's key; not applied",
                "warning",
            )
        ]
        await press(pilot, "enter", "r")
        assert len(screen.game.answers) == 2
        await press(pilot, "u")
        assert len(screen.game.answers) == 1
