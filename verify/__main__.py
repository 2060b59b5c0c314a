"""``python -m armistice.verify``."""

import sys

from armistice.verify.cli import run

sys.exit(run())
