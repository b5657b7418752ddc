"""Brotli: packed once (disk cache by content hash), negotiated by Accept-Encoding q-values, an
ETag per encoding with `Vary: Accept-Encoding`, and precompressed `.br`/`.gz` twins in dist/."""

from __future__ import annotations

import gzip

import brotli
import pytest

from relay import snapshot
from relay.build import build
from relay.server import choose_encoding
from relay.snapshot import Asset, brotli_body
from tests.relay.test_http import requests
from tests.relay.test_server import make_site


@pytest.fixture(autouse=True)
def private_brotli_cache(tmp_path, monkeypatch):
    """Each test packs into a cache of its own (the real one is shared by the whole checkout)."""
    folder = tmp_path / "brotli-cache"
    monkeypatch.setattr(snapshot, "BROTLI_CACHE", folder)
    return folder


@pytest.mark.parametrize("header, chosen", [
    ("gzip, deflate, br", "br"),              # Chromium's header: br wins the tie
    ("br", "br"),
    ("gzip", "gzip"),
    ("br;q=0.5, gzip", "gzip"),               # the client prefers gzip
    ("br;q=1.0, gzip;q=0.5", "br"),
    ("br;q=0, gzip", "gzip"),
    ("BR;Q=0.9, gzip;q=0.8", "br"),           # case-insensitive
    ("*", "br"),
    ("*;q=0", None),
    ("br;q=0, *", "gzip"),                    # `*` covers gzip only: br is refused by name
    ("identity", None),
    ("", None),
    (None, None),
    ("br;q=bogus, gzip;q=0", None),
    ("deflate", None),
])
def test_choose_encoding_follows_q_values(header, chosen):
    assert choose_encoding(header) == chosen


def test_choose_encoding_only_offers_what_the_asset_has():
    assert choose_encoding("br, gzip", ("gzip",)) == "gzip"
    assert choose_encoding("br", ("gzip",)) is None
    assert choose_encoding("br, gzip", ()) is None


def test_brotli_is_packed_once_and_kept_on_disk(private_brotli_cache, monkeypatch):
    body = b"terning " * 4000
    first = brotli_body(body)
    assert brotli.decompress(first) == body and len(first) < len(body) // 10
    cached = list(private_brotli_cache.glob("*.br"))
    assert len(cached) == 1 and cached[0].read_bytes() == first
    assert not list(private_brotli_cache.glob("*.tmp"))  # written atomically, nothing left over

    def no_packing(*_a, **_kw):
        raise AssertionError("packed again: the disk cache was not used")

    monkeypatch.setattr(snapshot.brotli, "compress", no_packing)
    assert brotli_body(body) == first  # a second server start reads it back
    # Another body is a miss under its own key (the key is the content, never the name).
    with pytest.raises(AssertionError, match="packed again"):
        brotli_body(body + b"!")


def test_small_and_binary_assets_have_no_brotli():
    assert Asset.make("app/x.css", b"a{}").encodings == ()
    assert Asset.make("icons/i.png", b"\x89PNG" * 1000).encodings == ()
    big = Asset.make("app/x.css", b"body{}\n" * 500)
    assert big.encodings == ("br", "gzip")
    assert len({big.etag, big.gzip_etag, big.br_etag}) == 3


def test_server_sends_br_with_its_own_etag_and_vary(tmp_path):
    site = make_site(tmp_path)
    raw = (tmp_path / "web/vendor/pyodide.asm.wasm").read_bytes()
    chrome = {"Accept-Encoding": "gzip, deflate, br, zstd"}
    (status, headers, body), (_, gz_headers, gz_body), (_, id_headers, id_body) = requests(
        site, ("GET", "/vendor/pyodide.asm.wasm", chrome),
        ("GET", "/vendor/pyodide.asm.wasm", {"Accept-Encoding": "gzip"}),
        ("GET", "/vendor/pyodide.asm.wasm", {"Accept-Encoding": "identity"}))
    assert status == 200 and headers["Content-Encoding"] == "br"
    assert brotli.decompress(body) == raw and len(body) < len(gz_body) < len(raw)
    assert headers["Content-Type"] == "application/wasm"
    assert headers["Vary"] == "Accept-Encoding"
    assert gz_headers["Content-Encoding"] == "gzip" and gzip.decompress(gz_body) == raw
    assert "Content-Encoding" not in id_headers and id_body == raw
    etags = {headers["ETag"], gz_headers["ETag"], id_headers["ETag"]}
    assert len(etags) == 3 and headers["ETag"].endswith('-br"')
    # Revalidation matches the representation asked for: br's tag is a 304 for a br request.
    (again, _, empty), (other, _, _) = requests(
        site, ("GET", "/vendor/pyodide.asm.wasm", {**chrome, "If-None-Match": headers["ETag"]}),
        ("GET", "/vendor/pyodide.asm.wasm", {"Accept-Encoding": "gzip",
                                             "If-None-Match": headers["ETag"]}))
    assert (again, empty, other) == (304, b"", 200)


def test_head_gives_the_br_length(tmp_path):
    site = make_site(tmp_path)
    (_, head, _), (_, get, body) = requests(
        site, ("HEAD", "/app/style.css", {"Accept-Encoding": "br"}),
        ("GET", "/app/style.css", {"Accept-Encoding": "br"}))
    assert head["Content-Encoding"] == "br" and int(head["Content-Length"]) == len(body)
    assert get["ETag"] == head["ETag"]


def test_dist_has_br_and_gz_twins_equal_to_the_served_bytes(tmp_path):
    site = make_site(tmp_path / "src")
    out = tmp_path / "dist"
    urls = build(out, site)
    for url in urls:
        body = (out / url).read_bytes()
        br, gz = out / (url + ".br"), out / (url + ".gz")
        if url.endswith((".png",)) or len(body) <= snapshot.MIN_GZIP:
            assert not br.exists() and not gz.exists(), url
            continue
        assert brotli.decompress(br.read_bytes()) == body, url
        assert gzip.decompress(gz.read_bytes()) == body, url
    served = requests(site, ("GET", "/vendor/pyodide.asm.wasm", {"Accept-Encoding": "br"}))[0][2]
    assert (out / "vendor/pyodide.asm.wasm.br").read_bytes() == served
