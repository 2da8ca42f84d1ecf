"""The package installs as a typed package (PEP 561)."""

from pathlib import Path

import ginrummy


def test_package_ships_py_typed() -> None:
    assert any((Path(p) / "py.typed").is_file() for p in ginrummy.__path__)
