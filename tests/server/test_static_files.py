"""The client's files go compressed and cached: gzip when asked, an ETag and a 304 for a
file the browser holds, forever under the folder's digest, the pages revalidated."""

from __future__ import annotations

import gzip
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ginrummy.server.api import static_files
from ginrummy.server.api.page import STATIC_DIR
from ginrummy.server.api.static_files import StaticFolder
from tests.server.kit import running
from tests.server.real_server import free_port, start_gin_serve, stop_server

GZIP = {"Accept-Encoding": "gzip"}
PLAIN = {"Accept-Encoding": "identity"}


@pytest.fixture
def client(sqlite_db: str) -> Iterator[TestClient]:
    with running(sqlite_db) as c:
        yield c


def page_files(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_the_page_names_every_file_under_the_folder_digest(client: TestClient) -> None:
    files = page_files(client.get("/").text)
    assert {Path(f).name for f in files} == {"favicon.svg", "style.css", "site.css", "app.js"}
    digest = client.app.state.static_folder.digest()  # type: ignore[attr-defined]
    assert all(f.startswith(f"/static/{digest}/") for f in files)


def test_a_file_under_the_digest_is_cached_for_good_with_an_etag(client: TestClient) -> None:
    for path in page_files(client.get("/").text):
        answer = client.get(path, headers=GZIP)
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert re.fullmatch(r'"[0-9a-f]{20}(-gz)?"', answer.headers["etag"])


def test_a_static_file_comes_gzip_compressed_to_a_client_that_accepts_it(
        client: TestClient) -> None:
    script = (STATIC_DIR / "tableview.js").read_bytes()
    packed = client.get("/static/tableview.js", headers=GZIP)
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(script) / 2
    assert packed.content == script  # decompressed by the client
    assert "accept-encoding" in packed.headers["vary"].lower()
    plain = client.get("/static/tableview.js", headers=PLAIN)
    assert "content-encoding" not in plain.headers and plain.content == script
    assert plain.headers["content-type"].startswith("text/javascript")
    refused = client.get("/static/tableview.js", headers={"Accept-Encoding": "gzip;q=0"})
    assert "content-encoding" not in refused.headers


def test_a_conditional_request_for_a_file_held_gets_304_and_no_body(client: TestClient) -> None:
    for headers in (GZIP, PLAIN):
        first = client.get("/static/style.css", headers=headers)
        again = client.get("/static/style.css",
                           headers={**headers, "If-None-Match": first.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == first.headers["etag"]
    other = client.get("/static/style.css", headers={"If-None-Match": '"0123"'})
    assert other.status_code == 200


def test_a_file_outside_the_digest_or_under_an_old_one_is_revalidated(
        client: TestClient) -> None:
    for path in ("/static/app.js", "/static/0123456789abcdef/app.js"):
        answer = client.get(path)
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"


def test_the_pages_are_revalidated_and_a_page_held_gets_304(client: TestClient) -> None:
    for path in ("/", "/rules", "/content/content.css"):
        first = client.get(path, headers=GZIP)
        assert first.headers["cache-control"] == "no-cache", path
        assert first.headers["content-encoding"] == "gzip", path
        again = client.get(path, headers={**GZIP, "If-None-Match": first.headers["etag"]})
        assert again.status_code == 304, path
    italian = client.get("/", headers={"Accept-Language": "it"})
    assert italian.headers["etag"] != client.get("/").headers["etag"]


@pytest.mark.parametrize("path", ["/static/../page.py", "/static/%2e%2e/api/page.py",
                                  "/static/0123456789abcdef/../page.py", "/static/",
                                  "/static/nothing.js", "/static/a//app.js"])
def test_a_path_that_names_no_file_of_the_folder_is_not_found(client: TestClient,
                                                              path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_changed_file_is_read_again_and_changes_the_digest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static_files, "RECHECK_SECONDS", 0.0)
    (tmp_path / "a.js").write_text("export const a = 1;\n")
    folder = StaticFolder(tmp_path)
    before = folder.digest()
    assert folder.file("a.js") is not None
    (tmp_path / "a.js").write_text("export const a = 22;\n")
    assert folder.digest() != before
    changed = folder.file("a.js")
    assert changed is not None and changed.body == b"export const a = 22;\n"


def test_gin_serve_sends_the_client_compressed_and_answers_304(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_gin_serve(port, f"sqlite:///{tmp_path / 'static.sqlite3'}", tmp_path)
    try:
        with urllib.request.urlopen(base + "/", timeout=10) as page:
            script = next(f for f in page_files(page.read().decode()) if f.endswith("app.js"))
        asked = urllib.request.Request(base + script, headers=GZIP)
        with urllib.request.urlopen(asked, timeout=10) as answer:
            assert answer.headers["Content-Encoding"] == "gzip"
            assert "immutable" in answer.headers["Cache-Control"]
            assert gzip.decompress(answer.read()) == (STATIC_DIR / "app.js").read_bytes()
            etag = answer.headers["ETag"]
        held = urllib.request.Request(base + script, headers={**GZIP, "If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError) as not_modified:
            urllib.request.urlopen(held, timeout=10)
        assert not_modified.value.code == 304
    finally:
        stop_server(server)
