"""Install the repository's top-level folders as the one namespace ``armistice``.

The code lives in ``core/``, ``host/``, ``tui/``, ``verify/`` and ``scenarios/``; the wheel,
the sdist and an editable install present them as ``armistice.core``, ``armistice.host``,
``armistice.tui``, ``armistice.verify`` and ``armistice.scenarios``. Subpackages are found, not listed; another
folder whose name only starts like one of these (``verify-counterexamples/``) is not one.
"""

from setuptools import find_namespace_packages, setup

FOLDERS = ("core", "host", "tui", "verify", "scenarios")


def packages(where: str = ".") -> list[str]:
    """The packages under ``where`` as installed: ``armistice.core``, ``armistice.core.awaw``..."""
    include = [p for f in FOLDERS for p in (f, f"{f}.*")]
    return [f"armistice.{name}" for name in find_namespace_packages(where, include=include)]


if __name__ == "__main__":
    setup(
        packages=packages(),
        package_dir={f"armistice.{folder}": folder for folder in FOLDERS},
    )
