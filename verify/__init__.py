"""armistice's proof suite: z3 properties over the engine's own rule functions and tables.

``python -m armistice.verify`` (or ``armistice verify``) proves every invariant, analyses the
rule tables for designers, and reports. Each rule system adds a
:class:`~armistice.verify.suites.ProofSuite`, found by its key (``--system awaw.58``).
"""
