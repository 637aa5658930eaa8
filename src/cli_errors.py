"""Where domain errors become click errors: shared by main.py and src/server/cli.py."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import click

from src.errors import CrosscheckError

log = logging.getLogger(__name__)


def domain_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Domain errors -> one-line messages with their exit code; values rejected by src/ -> exit 2;
    a file the command could not read or write (a folder named as a file, a full disk) -> one
    line naming it, exit 1 (its traceback with -vv)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CrosscheckError as exc:
            err = click.ClickException(str(exc))
            err.exit_code = exc.exit_code
            raise err from None
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        except OSError as exc:
            log.debug("file error", exc_info=True)
            raise click.ClickException(f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror
                                       else str(exc)) from None

    return wrapper
