"""Where domain errors become click errors: shared by main.py and src/server/cli.py."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from src.errors import CrosscheckError


def domain_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Domain errors -> one-line messages with their exit code; values rejected by src/ -> exit 2."""

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

    return wrapper
