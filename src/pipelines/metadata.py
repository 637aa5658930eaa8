"""Record metadata: input field names -> metadata keys, dates to ISO 8601, tags to lists."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

# metadata key <- input fields, in priority order: the first one present wins.
FIELD_MAP: dict[str, tuple[str, ...]] = {
    "title": ("title",), "version": ("version", "user_version"),
    "created_at": ("created_at", "created_date", "published_date", "date", "timestamp"),
    "last_updated": ("last_updated",), "author": ("author", "owner"), "url": ("url",),
    "accepted": ("accepted",), "upvotes": ("upvotes", "score"), "status": ("status",), "tags": ("tags",),
    "thread_id": ("thread_id",), "category": ("category",),
}  # fmt: skip
DATE_KEYS = ("created_at", "last_updated")
_DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y/%m/%d", "%Y.%m.%d")


def normalise_date(value: Any) -> str | None:
    """ISO 8601 for a date-ish value; date-only stays ``YYYY-MM-DD``; unknown text is kept."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, datetime):
        return value.isoformat(timespec="milliseconds" if value.microsecond else "seconds")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, int | float):
        seconds = value / 1000 if value > 1e11 else value
        return normalise_date(datetime.fromtimestamp(seconds, tz=UTC))
    text = str(value).strip()
    if not text:
        return None
    parsers: list[Callable[[str], date]] = [
        date.fromisoformat if len(text) == 10 else datetime.fromisoformat,
        lambda t: datetime.fromisoformat(t.replace("Z", "+00:00")),
        *(lambda t, f=f: datetime.strptime(t, f).date() for f in _DATE_FORMATS),
    ]
    for parse in parsers:
        try:
            return normalise_date(parse(text))
        except ValueError:
            continue
    return text


def _metadata_value(key: str, value: Any) -> Any:
    """The normalised value of one metadata key, or None when it is unusable."""
    if key in DATE_KEYS:
        return normalise_date(value)
    if key == "tags":
        items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
        return [str(t).strip() for t in items if isinstance(t, str | int | float) and str(t).strip()]
    if key == "accepted":
        return value if isinstance(value, bool) else str(value).strip().lower() in ("true", "yes", "1")
    if key == "upvotes":
        try:
            return int(value)
        except (TypeError, ValueError):
            return None
    if isinstance(value, dict | list):
        return None
    return normalise_date(value) if isinstance(value, datetime | date) else str(value).strip()


def normalise_metadata(raw: dict[str, Any]) -> dict[str, Any]:
    """The known fields of a record, front matter or answer, under their metadata keys."""
    meta: dict[str, Any] = {}
    for key, names in FIELD_MAP.items():
        for name in names:
            value = raw.get(name)
            value = None if value is None else _metadata_value(key, value)
            if value not in (None, "", []):
                meta[key] = value
                break
    return meta
