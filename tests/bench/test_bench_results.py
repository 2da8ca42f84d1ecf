"""The benchmark results page and its history: links that resolve, and ``--write`` recording
a run's dated section in the benchmark's history file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import report

BENCH = Path(__file__).resolve().parent.parent.parent / "bench"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def heading_anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (a heading met again gets -1, -2)."""
    anchors: set[str] = set()
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            continue
        slug = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        anchor, count = slug, 0
        while anchor in anchors:
            count += 1
            anchor = f"{slug}-{count}"
        anchors.add(anchor)
    return anchors


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in LINK.findall(page.read_text()):
        if "://" in target:
            continue
        file_part, _, anchor = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        if not linked.exists() or (anchor and anchor not in heading_anchors(linked)):
            broken.append(target)
    return broken


@pytest.mark.parametrize("page", ["RESULTS.md", "history/README.md"])
def test_every_link_of_the_results_pages_reaches_a_file_and_heading(page: str) -> None:
    assert broken_links(BENCH / page) == []


def test_every_benchmark_of_the_results_page_links_its_history_entry() -> None:
    text = (BENCH / "RESULTS.md").read_text()
    for section in text.split("\n## ")[1:]:
        assert "](history/" in section, section.splitlines()[0]


def test_every_history_file_is_in_the_index() -> None:
    index = (BENCH / "history" / "README.md").read_text()
    for path in (BENCH / "history").glob("*.md"):
        if path.name != "README.md":
            assert f"]({path.name})" in index, path.name


def test_write_appends_the_dated_section_to_the_benchmarks_history(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "HISTORY", tmp_path)
    (tmp_path / "bench_x.md").write_text("# x: history\n\n## bench_x 2026-12-01\n\nold\n")
    written = report.write_section("bench_x", "## bench_x 2026-12-07", ["| a |", "| 1 |"])
    assert written == tmp_path / "bench_x.md"
    assert written.read_text() == ("# x: history\n\n## bench_x 2026-12-01\n\nold\n\n"
                                   "## bench_x 2026-12-07\n\n| a |\n| 1 |\n")


def test_write_replaces_the_same_days_section_and_keeps_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "HISTORY", tmp_path)
    (tmp_path / "bench_x.md").write_text(
        "# x: history\n\n## bench_x 2026-12-07\n\nfirst\n\n## bench_x 2026-12-01, by hand\n\nold\n")
    report.write_section("bench_x", "## bench_x 2026-12-07", ["second"])
    assert (tmp_path / "bench_x.md").read_text() == ("# x: history\n\n## bench_x 2026-12-07\n\n"
                                                    "second\n\n## bench_x 2026-12-01, by hand\n\n"
                                                    "old\n")


def test_write_starts_the_history_file_of_a_new_benchmark(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "HISTORY", tmp_path / "history")
    report.write_section("bench_new", "## bench_new 2026-12-07", ["figures"])
    assert (tmp_path / "history" / "bench_new.md").read_text() == (
        "# bench_new: history\n\n## bench_new 2026-12-07\n\nfigures\n")
