"""The browser client's files under ``/static``: compressed, and cached by browsers and proxies.

Each file has an ETag (a hash of its bytes); a request that names the ETag it holds
(``If-None-Match``) gets 304 and no body. Text files over :data:`GZIP_FROM` bytes go
gzip-compressed to a client that accepts gzip (``Vary: Accept-Encoding``), compressed once
and kept in memory with the file (the folder is a few hundred kB).

The page names its files under ``/static/{digest}/``, where the digest is a hash of the
whole folder (:meth:`StaticFolder.digest`): what a URL there names never changes, so it is
sent ``Cache-Control: public, max-age=31536000, immutable`` and a returning browser asks
for nothing. The scripts import each other by relative paths, which stay under the same
digest. ``/static/{file}`` itself, and a digest that is no longer the folder's (a page
loaded before an update), are sent ``Cache-Control: no-cache``: kept, but asked again
(a 304 while the file is the same).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
GZIP_FROM = 256
"""Smaller files go as they are: gzip's header and trailer would eat most of the gain."""

COMPRESSIBLE = frozenset({"text/css", "text/javascript", "application/javascript",
                          "image/svg+xml", "application/json", "text/html", "text/plain"})
MEDIA_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
               ".svg": "image/svg+xml", ".json": "application/json", ".html": "text/html"}
DIGEST = re.compile(r"[0-9a-f]{16}")
RECHECK_SECONDS = 1.0
"""How long the folder's digest is taken as it is before its files are looked at again."""


@dataclass(frozen=True, slots=True)
class StaticFile:
    """One file's bytes as read, its gzip form (None if not worth it) and its ETag."""

    stamp: tuple[int, int]
    """(modification time in ns, size) when read: a changed file is read again."""
    body: bytes
    gzipped: bytes | None
    tag: str
    media_type: str

    def etag(self, gzipped: bool) -> str:
        return f'"{self.tag}-gz"' if gzipped else f'"{self.tag}"'


def media_type(name: str) -> str:
    guessed = MEDIA_TYPES.get(Path(name).suffix.lower()) or mimetypes.guess_type(name)[0]
    return guessed or "application/octet-stream"


def read_file(path: Path, stamp: tuple[int, int]) -> StaticFile:
    body = path.read_bytes()
    kind = media_type(path.name)
    packed = None
    if kind in COMPRESSIBLE and len(body) >= GZIP_FROM:
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        if len(packed) >= len(body):
            packed = None
    tag = hashlib.sha256(body).hexdigest()[:20]
    return StaticFile(stamp, body, packed, tag, kind)


class StaticFolder:
    """The files of one folder, read on first request and again when they change."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._files: dict[str, StaticFile] = {}
        self._digest: tuple[tuple[tuple[str, int, int], ...], str] | None = None
        self._checked = -RECHECK_SECONDS

    def file(self, name: str) -> StaticFile | None:
        """The file at ``name`` (a relative path with ``/``), None if there is none or the
        name leaves the folder."""
        parts = name.split("/")
        if not name or any(part in ("", ".", "..") or "\\" in part for part in parts):
            return None
        path = self.root.joinpath(*parts)
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode) or not path.resolve().is_relative_to(self.root):
                return None
            stamp = (info.st_mtime_ns, info.st_size)
            known = self._files.get(name)
            if known is not None and known.stamp == stamp:
                return known
            found = read_file(path, stamp)
        except OSError:
            return None
        self._files[name] = found
        return found

    def digest(self) -> str:
        """A hash of every file's name and bytes (16 hex digits), computed again only when
        a file's time or size changed (looked at once a second at most)."""
        now = time.monotonic()
        if self._digest is not None and now - self._checked < RECHECK_SECONDS:
            return self._digest[1]
        self._checked = now
        listing: list[tuple[str, int, int]] = []
        for folder, _, names in os.walk(self.root):
            for name in names:
                path = Path(folder, name)
                with_stat = path.stat()
                listing.append((path.relative_to(self.root).as_posix(),
                                with_stat.st_mtime_ns, with_stat.st_size))
        signature = tuple(sorted(listing))
        if self._digest is not None and self._digest[0] == signature:
            return self._digest[1]
        whole = hashlib.sha256()
        for name, _, _ in signature:
            found = self.file(name)
            whole.update(f"{name}\0{found.tag if found else ''}\n".encode())
        digest = whole.hexdigest()[:16]
        self._digest = (signature, digest)
        return digest


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (``gzip`` or ``*`` with q above 0).

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("br;q=1, gzip;q=0"), accepts_gzip(None)
    (True, False, False)
    """
    for item in (header or "").split(","):
        coding, _, params = item.strip().partition(";")
        if coding.strip().lower() not in ("gzip", "*"):
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        return quality > 0
    return False


def matches(if_none_match: str | None, *etags: str) -> bool:
    """Whether an ``If-None-Match`` header names one of ``etags`` (weakly compared)."""
    if not if_none_match:
        return False
    held = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return "*" in held or any(tag in held for tag in etags)


def file_response(request: Request, found: StaticFile, cache_control: str) -> Response:
    """``found`` for ``request``: 304 if it holds it already, gzip if it takes it."""
    packed = found.gzipped is not None and accepts_gzip(request.headers.get("accept-encoding"))
    headers = {"Cache-Control": cache_control, "ETag": found.etag(packed)}
    if found.gzipped is not None:
        headers["Vary"] = "Accept-Encoding"
    if matches(request.headers.get("if-none-match"), found.etag(False), found.etag(True)):
        return Response(status_code=304, headers=headers)
    if packed and found.gzipped is not None:
        headers["Content-Encoding"] = "gzip"
        return Response(found.gzipped, media_type=found.media_type, headers=headers)
    return Response(found.body, media_type=found.media_type, headers=headers)


def page_response(request: Request, html: str, headers: dict[str, str]) -> Response:
    """An HTML page that browsers revalidate (no-cache, an ETag of its text), gzip if taken."""
    found = read_bytes(html.encode("utf-8"), "text/html")
    response = file_response(request, found, REVALIDATE)
    response.headers.update(headers)
    return response


def read_bytes(body: bytes, kind: str) -> StaticFile:
    packed = gzip.compress(body, mtime=0) if len(body) >= GZIP_FROM else None
    return StaticFile((0, len(body)), body, packed, hashlib.sha256(body).hexdigest()[:20], kind)


async def serve(request: Request) -> Response:
    """``GET /static/{path}``: a file of the folder, under the folder's digest or not."""
    folder: StaticFolder = request.app.state.static_folder
    name = str(request.path_params["path"])
    first, _, rest = name.partition("/")
    cache_control = REVALIDATE
    if rest and DIGEST.fullmatch(first):
        name = rest
        if first == folder.digest():
            cache_control = IMMUTABLE
    found = folder.file(name)
    if found is None:
        return PlainTextResponse("Not Found", status_code=404)
    return file_response(request, found, cache_control)
