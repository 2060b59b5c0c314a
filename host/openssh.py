"""The SSH library (asyncssh), imported here alone, once, when a key or an SSH session is
first needed: every other module takes it from here.

The cryptography package it builds on warns, as asyncssh is imported, that DSA keys are
deprecated (``CryptographyDeprecationWarning``). armistice takes only Ed25519 keys, so the
warning says nothing to a player; it is kept from the terminal for this one import, and
every other warning still shows. The versions of both are pinned in ``pyproject.toml``, so
a release that warns anew cannot arrive unseen.
"""

from __future__ import annotations

import warnings

from cryptography.utils import CryptographyDeprecationWarning

with warnings.catch_warnings():
    warnings.simplefilter("ignore", CryptographyDeprecationWarning)
    import asyncssh as asyncssh

__all__ = ["asyncssh"]
