"""The key bar at the foot of each screen."""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer, rebuilt only when the keys it shows change.

    Textual rebuilds its footer every time the bindings may have changed (each focus
    change, each refresh of the bindings), several times while a screen opens, though
    the keys shown are mostly the same.
    """

    _shown: object = None

    def _keys(self) -> object:
        """What the footer shows: each active binding, whether it is enabled, its tooltip
        and how its key is displayed, and whether the command palette key is shown."""
        return (
            tuple(
                (binding, enabled, tooltip, self.app.get_key_display(binding))
                for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
            ),
            self.show_command_palette,
            self.app.ENABLE_COMMAND_PALETTE,
        )

    async def recompose(self) -> None:
        """Rebuild the keys, unless they are the ones already shown."""
        if not self.is_attached:
            return
        keys = self._keys()
        if keys == self._shown:
            return
        await super().recompose()
        self._shown = keys if self.children else None
