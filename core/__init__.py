"""armistice's rules engine: pure, deterministic, importable without textual or z3."""
