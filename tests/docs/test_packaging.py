"""What ``pip install ginrummy`` gives: a typed package, light to import, the server an extra."""

import subprocess
import sys
import textwrap
from pathlib import Path

import ginrummy

ROOT = Path(__file__).resolve().parent.parent.parent

WITHOUT = """
import sys

class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Missing())
"""
"""A prologue that makes the named top-level modules unimportable, as if not installed."""


def python(code: str, blocked: frozenset[str] = frozenset()) -> subprocess.CompletedProcess[str]:
    script = WITHOUT.format(blocked=set(blocked)) + textwrap.dedent(code)
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_package_ships_py_typed() -> None:
    assert any((Path(p) / "py.typed").is_file() for p in ginrummy.__path__)


def test_import_ginrummy_loads_no_numpy_and_its_names_still_work() -> None:
    done = python("""
        import sys
        import ginrummy
        assert "numpy" not in sys.modules, "import ginrummy loaded NumPy"
        print(ginrummy.deadwood(ginrummy.parse_cards("7H 8H 9H KS KD KC 2C 3D 4S 5S")))
        assert "numpy" not in sys.modules, "ginrummy.deadwood loaded NumPy"
        from ginrummy import deadwood_many
        assert "numpy" in sys.modules
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "14"


def test_gin_help_imports_no_subcommand() -> None:
    done = python("""
        import sys
        from ginrummy.cli import main
        assert main(["--help"]) == 0
        loaded = sorted(m for m in sys.modules if m.startswith("ginrummy.") and m != "ginrummy.cli")
        assert not loaded, loaded
    """)
    assert done.returncode == 0, done.stderr
    assert "serve" in done.stdout and "to come" not in done.stdout


def test_messages_read_their_gettext_catalogue_on_first_use_only() -> None:
    done = python("""
        import sys
        from ginrummy.i18n import Messages
        m = Messages("it")
        assert not [n for n in sys.modules if n.startswith("babel")], "Babel loaded at import"
        print(m("move.draw_stock", name="Ada"))
        assert "babel.messages.pofile" in sys.modules, "not read from the .po file"
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Ada pesca dal tallone"


SERVER_STACK = frozenset({"starlette", "uvicorn", "websockets", "h11", "sqlalchemy", "alembic"})


def test_gin_serve_without_the_server_extra_says_what_to_install() -> None:
    done = python("""
        from ginrummy.cli import main
        raise SystemExit(main(["serve", "--port", "8765"]))
    """, SERVER_STACK)
    assert done.returncode == 1, done.stderr
    assert "pip install 'ginrummy[server]'" in done.stdout
    assert "Traceback" not in done.stderr


def test_gin_serve_on_postgresql_without_psycopg_says_what_to_install() -> None:
    done = python("""
        from ginrummy.cli import main
        raise SystemExit(main(["serve", "--database", "postgresql://gin@127.0.0.1/none",
                               "--verify-records"]))
    """, frozenset({"psycopg"}))
    assert done.returncode == 1, done.stderr
    assert "psycopg is not installed" in done.stdout
    assert "pip install 'ginrummy[postgres]'" in done.stdout
