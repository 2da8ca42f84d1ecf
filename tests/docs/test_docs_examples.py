"""The Python examples of README.md and docs/*.md run as written: every ```python block
is executed, and every ```pycon block (``>>>`` examples) is checked by doctest against the
output it shows; the ``gin analyze`` command lines of docs/research.md run."""

import contextlib
import doctest
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
PYCON_BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


def python_blocks() -> list[tuple[str, int, str]]:
    """Each page's ```python blocks: (page, its line number, source)."""
    blocks = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in PYTHON_BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            blocks.append((str(page.relative_to(ROOT)), line, match.group(1)))
    return blocks


BLOCKS = python_blocks()


def test_the_pages_have_python_examples_to_run() -> None:
    pages = {page for page, _, _ in BLOCKS}
    assert {"docs/research.md", "docs/FAIRNESS.md"} <= pages


@pytest.mark.parametrize(("page", "line", "source"), BLOCKS,
                         ids=[f"{page}:{line}" for page, line, _ in BLOCKS])
def test_every_python_block_of_the_docs_runs(page: str, line: int, source: str) -> None:
    code = compile(source, f"{page}:{line}", "exec")
    with contextlib.redirect_stdout(io.StringIO()):
        exec(code, {"__name__": "__docs__"})  # noqa: S102 - our own documentation's example


def doctest_of(page: Path) -> doctest.DocTest:
    """The page's ```pycon blocks as one doctest, each block's output ending at its fence."""
    text = page.read_text(encoding="utf-8")
    examples = "\n".join(match.group(1) + "\n" for match in PYCON_BLOCK.finditer(text))
    return doctest.DocTestParser().get_doctest(examples, {}, str(page.relative_to(ROOT)),
                                               str(page), 0)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_doctest_example_of_the_docs_gives_the_output_shown(page: Path) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(doctest_of(page))
    assert runner.summarize(verbose=False).failed == 0


def test_the_research_page_checks_its_deadwood_examples() -> None:
    examples = doctest_of(ROOT / "docs" / "research.md").examples
    assert any("deadwood(" in example.source and example.want == "10\n"
               for example in examples)


def analyze_commands() -> list[str]:
    """The command lines of the ```sh blocks of docs/research.md that run ``gin analyze``."""
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if "gin analyze" in line]


def test_the_gin_analyze_commands_of_the_research_page_give_deadwood_10() -> None:
    commands = analyze_commands()
    assert len(commands) == 3
    for command in commands:
        done = subprocess.run(  # noqa: S603 - our own documentation's commands
            ["bash", "-c", f'gin() {{ "{sys.executable}" -m ginrummy "$@"; }}\n{command}'],
            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, (command, done.stderr)
        assert re.search(r'deadwood"?:\s+10\b', done.stdout, re.IGNORECASE), command
