"""``python -m verify``."""

import sys

from verify.cli import run

sys.exit(run())
