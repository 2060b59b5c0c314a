"""Proof suites for A World at War, one package per rule procedure (``rule58``: ``awaw.58``)."""
