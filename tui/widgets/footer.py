"""The key bar at the foot of each screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    """Textual's footer, rebuilt only when the keys it shows change, its keys in the order
    their bindings are declared (a keymap would move the keys it changes to the end, out of
    sight in a narrow window).

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

    def compose(self) -> ComposeResult:
        """Textual's keys, put in declared order."""
        made = list(super().compose())
        rank = self._declared()
        keys = iter(
            sorted(
                (w for w in made if isinstance(w, FooterKey)),
                key=lambda key: rank.get(key.action, (len(rank), 0)),
            )
        )
        yield from (next(keys) if isinstance(w, FooterKey) else w for w in made)

    def _declared(self) -> dict[str, tuple[int, int]]:
        """Each shown action's place: its node in the binding chain (focus first), then its
        binding among the node's declared ones."""
        nodes: list[object] = []
        rank: dict[str, tuple[int, int]] = {}
        for node, binding, *_ in self.screen.active_bindings.values():
            if node not in nodes:
                nodes.append(node)
            actions = [b.action if isinstance(b, Binding) else b[1] for b in node.BINDINGS]
            place = actions.index(binding.action) if binding.action in actions else len(actions)
            rank.setdefault(binding.action, (nodes.index(node), place))
        return rank

    async def recompose(self) -> None:
        """Rebuild the keys, unless they are the ones already shown."""
        if not self.is_attached:
            return
        keys = self._keys()
        if keys == self._shown:
            return
        await super().recompose()
        self._shown = keys if self.children else None
