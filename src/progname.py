"""The name of the running command line, for messages that tell the user what to run next.

``python main.py`` from a checkout, ``crosscheck`` once installed: ``main()`` records the one the
user ran (``set_prog_name``); before that (tests driving ``cli`` directly, the package used as a
library) the name follows how the package was imported: as ``src`` from a checkout, as
``crosscheck`` when installed.
"""

from __future__ import annotations

CHECKOUT = "python main.py"
INSTALLED = "crosscheck"

_running: str | None = None


def default_prog_name() -> str:
    return INSTALLED if __name__.split(".")[0] == "crosscheck" else CHECKOUT


def set_prog_name(name: str) -> None:
    global _running
    _running = name


def prog_name() -> str:
    """What the user types to run Crosscheck: ``crosscheck`` or ``python main.py``."""
    return _running or default_prog_name()
