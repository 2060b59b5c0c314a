"""armistice's front ends: the `armistice` command line and the Textual dashboard."""
