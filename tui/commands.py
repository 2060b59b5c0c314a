"""The command palette's source: the game's actions that apply now first, in the order of
the screen's keys, then Textual's own commands.

Textual's provider lists its commands alphabetically when nothing is typed and by match
score when something is; this one keeps the app's order for the first and ranks every
matching action of the game above every matching built-in for the second.
"""

from __future__ import annotations

from textual.command import DiscoveryHit, Hit, Hits
from textual.system_commands import SystemCommandsProvider


class GameFirst(SystemCommandsProvider):
    """The app's system commands (``get_system_commands``), its own before Textual's; the
    app names its own with ``own_commands``."""

    async def discover(self) -> Hits:
        """Every command, in the order the app gives them."""
        for title, help_text, callback, discover in self.app.get_system_commands(self.screen):
            if discover:
                yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """The commands whose titles match ``query``, best match first: the app's own
        before Textual's (their scores raised above every built-in's)."""
        matcher = self.matcher(query)
        own_commands = getattr(self.app, "own_commands", lambda screen: ())
        own = {command.title for command in own_commands(self.screen)}
        found = [
            (matcher.match(title), title, help_text, callback)
            for title, help_text, callback, *_ in self.app.get_system_commands(self.screen)
        ]
        above = max((score for score, title, *_ in found if title not in own), default=0)
        for score, title, help_text, callback in found:
            if score > 0:
                raised = score + above if title in own else score
                yield Hit(raised, matcher.highlight(title), callback, help=help_text)
