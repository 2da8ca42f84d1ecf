"""The moments rows are stamped with: UTC, and aware when read back."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite gives naive datetimes back; they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
