"""The Host check and the security headers (issue 11, item 10)."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest
from starlette.testclient import WebSocketDenialResponse

from tests.server.kill_play import start_server
from tests.server.kit import create, running
from tests.server.real_server import free_port, stop_server

HEADERS = {"x-frame-options": "DENY", "x-content-type-options": "nosniff",
           "referrer-policy": "no-referrer"}
CSP_PARTS = ("default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'",
             "frame-ancestors 'none'", "connect-src 'self' ws://testserver wss://testserver")


def test_foreign_host_header_is_refused(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="computer", level=1)
        for path in ("/", "/api", f"/api/games/{game['game_id']}?token={game['token']}"):
            answer = client.get(path, headers={"Host": "rebound.example:8000"})
            assert answer.status_code == 400, path
            assert answer.json()["error"] == {
                "code": "bad_host", "message": "this server does not answer to the host "
                "'rebound.example:8000' (gin serve --allowed-hosts names the hosts it serves)"}
        posted = client.post("/api/games", json={"opponent": "computer"},
                             headers={"Host": "rebound.example"})
        assert posted.status_code == 400
        socket_path = f"/ws/{game['game_id']}?token={game['token']}"
        with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(
                socket_path, headers={"Host": "rebound.example"}):
            pass
        assert refused.value.status_code == 400
        assert client.get("/api", headers={"Host": "localhost:8000"}).status_code == 200


def test_gin_serve_answers_to_its_own_address_and_localhost_only(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(port, f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path)
    try:
        for host, status in ((f"127.0.0.1:{port}", 200), (f"localhost:{port}", 200),
                             (f"rebound.example:{port}", 400), ("localhost:1", 400)):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/api", headers={"Host": host})
            assert conn.getresponse().status == status, host
            conn.close()
    finally:
        stop_server(server)


def test_allowed_hosts_entries_and_defaults() -> None:
    from ginrummy.cli.serve import allowed_hosts
    from ginrummy.server.api.headers import HostRule

    rule = HostRule.of(allowed_hosts(["games.example.org, 10.0.0.5:8443"], "0.0.0.0", 80))
    assert rule.allows("games.example.org") and rule.allows("GAMES.example.org.:443")
    assert rule.allows("10.0.0.5:8443") and not rule.allows("10.0.0.5:8000")
    assert not rule.allows("example.org") and not rule.allows(None) and not rule.allows("a b")
    wildcard = HostRule.of(allowed_hosts([], "0.0.0.0", 8000), ip_literals=True)
    assert wildcard.allows("192.168.1.20:8000") and wildcard.allows("[fe80::1]:8000")
    assert not wildcard.allows("rebound.example:8000")
    assert HostRule.of(["*"]).allows("anything.example")
    with pytest.raises(ValueError, match="'exa mple' is not a host name"):
        HostRule.of(["exa mple"])


def test_security_headers_on_every_response(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="computer", level=1)
        answers = [client.get(path) for path in (
            "/", "/verify", f"/play/{game['game_id']}", "/rules", "/faq?lang=it",
            "/content/content.js", "/static/app.js", "/static/style.css", "/api", "/api/rules",
            f"/api/games/{game['game_id']}?token={game['token']}", "/api/games/nope",
            "/no/such/page")]
        answers.append(client.post("/api/games", json={"opponent": "robot"}))
        answers.append(client.get("/api", headers={"Host": "rebound.example"}))
        assert {a.status_code for a in answers} >= {200, 400, 404}
        for answer in answers:
            where = f"{answer.request.method} {answer.request.url}"
            for name, value in HEADERS.items():
                assert answer.headers.get(name) == value, (where, name)
            policy = answer.headers["content-security-policy"]
            foreign = answer.request.headers["host"] == "rebound.example"
            parts = CSP_PARTS[:-1] if foreign else CSP_PARTS
            for part in parts:
                assert part in policy, (where, part)
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
