"""Install the repository's top-level folders as the one namespace ``armistice``.

The code lives in ``core/``, ``tui/``, ``verify/`` and ``scenarios/``; the wheel, the sdist
and an editable install present them as ``armistice.core``, ``armistice.tui``,
``armistice.verify`` and ``armistice.scenarios``. Subpackages are found, not listed.
"""

from setuptools import find_namespace_packages, setup

FOLDERS = ("core", "tui", "verify", "scenarios")

setup(
    packages=[
        f"armistice.{name}" for name in find_namespace_packages(include=[f"{f}*" for f in FOLDERS])
    ],
    package_dir={f"armistice.{folder}": folder for folder in FOLDERS},
)
