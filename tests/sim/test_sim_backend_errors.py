"""gin sim --backend ray when Ray cannot run: a precise error and exit status 2, no traceback."""

from __future__ import annotations

import socket

from tests.docs.test_packaging import python


def _closed_port() -> int:
    """A port on this machine where nothing listens (one just let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_backend_ray_without_ray_installed_says_what_to_install() -> None:
    done = python("""
        from ginrummy.cli import main
        raise SystemExit(main(["sim", "simple", "greedy", "--games", "2", "--backend", "ray"]))
    """, frozenset({"ray"}))
    assert done.returncode == 2, done.stderr
    assert done.stderr == ("gin sim: error: --backend ray needs Ray, which is not installed: "
                           "pip install 'ginrummy[cluster]'\n")
    assert done.stdout == ""


def test_an_address_where_no_cluster_answers_is_named_at_once() -> None:
    port = _closed_port()
    done = python(f"""
        from ginrummy.cli import main
        raise SystemExit(main(["sim", "simple", "greedy", "--games", "2", "--backend", "ray",
                               "--address", "127.0.0.1:{port}", "--lang", "it"]))
    """)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(
        f"gin sim: errore: nessun cluster Ray risponde all'indirizzo 127.0.0.1:{port}: "), \
        done.stderr
    assert "Traceback" not in done.stderr


def test_import_ginrummy_and_gin_sim_help_do_not_import_ray() -> None:
    done = python("""
        import sys
        import ginrummy, ginrummy.sim, ginrummy.sim.round_robin
        from ginrummy.cli import main
        try:
            main(["sim", "--help"])
        except SystemExit:
            pass
        assert "ray" not in sys.modules, "ray was imported"
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")
