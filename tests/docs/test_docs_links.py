"""The links and images of README.md and docs/*.md lead somewhere: every relative target
is a file of the repository, and a ``#anchor`` names a heading of the page it points to."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def anchor_of(heading: str) -> str:
    """The anchor a Markdown renderer gives a heading (lower case, punctuation dropped)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor_of(h) for h in re.findall(r"^#+ (.*)$", text, re.MULTILINE)}


def broken_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists() or (anchor and anchor not in anchors(linked)):
            broken.append(target)
    return broken


def test_the_readme_shows_the_screenshot_and_links_each_page() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in ("docs/table.jpg", "docs/playing.md", "docs/operating.md",
                   "docs/research.md", "docs/development.md", "docs/glossary.md"):
        assert f"]({target})" in text


def test_the_development_page_links_the_glossary_for_names_and_game_words() -> None:
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    assert "](glossary.md)" in text and "](glossary.md#game-words)" in text


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_link_and_image_of_the_docs_leads_somewhere(page: Path) -> None:
    assert broken_links(page) == []


def test_a_wrong_image_path_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n![a table](docs/table.jpg) [here](#page) [gone](#nowhere)\n",
                    encoding="utf-8")
    assert broken_links(page) == ["docs/table.jpg", "#nowhere"]
