"""The peer protocol's decoding: every kind of bad frame is one ProtocolError with a stable code."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from app.friends.core.protocol import (
    GUEST_FRAME_MAX,
    HOST_FRAME_MAX,
    MAX_DEPTH,
    ProtocolError,
    decode_from_guest,
    decode_from_host,
    encode,
    nesting_depth,
    parse_frame,
)

TOKEN = "Zm9vYmFyYmF6cXV4cXV1eA"

GOOD_FROM_GUEST = [
    {"t": "hello", "name": "Mette", "token": None},
    {"t": "hello", "name": "Æbleø Ås", "token": TOKEN},
    {"t": "act", "id": 1, "action": {"type": "bid", "quantity": 3, "face": 5}},
    {"t": "act", "id": 2**31 - 1, "action": {"type": "bid", "quantity": 7, "face": None}},
    {"t": "act", "id": 7, "action": {"type": "call"}},
    {"t": "ack", "seq": 4, "events": 120},
    {"t": "resync", "seq": 0},
    {"t": "ping", "n": 3},
    {"t": "pong", "n": 3},
]


@pytest.mark.parametrize("msg", GOOD_FROM_GUEST, ids=lambda m: m["t"])
def test_good_guest_messages_round_trip(msg):
    kind = msg["t"]
    fields = {k: v for k, v in msg.items() if k != "t"}
    text = encode(kind, **fields)
    assert text.isascii()  # characters == bytes on the wire
    assert decode_from_guest(text) == {"v": 1, **msg}


def _guest(**msg) -> str:
    return json.dumps({"v": 1, **msg})


BID = {"type": "bid", "quantity": 3, "face": 5}

# (why, frame text, expected code)
BAD_FROM_GUEST = [
    ("bytes", b'{"v":1,"t":"ping","n":1}', "not_text"),
    ("not json", '{"v":1,"t":"ping",', "not_json"),
    ("empty", "", "not_json"),
    ("garbage", "\x00\xff<script>", "not_json"),
    ("array", "[1,2,3]", "not_object"),
    ("string", '"hello"', "not_object"),
    ("oversized", _guest(t="hello", name="x" * GUEST_FRAME_MAX, token=None), "too_big"),
    ("deep list, huge", "[" * 100_000, "too_big"),
    ("deep list", "[" * 8000, "too_deep"),
    ("deep object", '{"a":' * 1600, "too_deep"),
    ("deep but small", "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "too_deep"),
    ("NaN", '{"v":1,"t":"ping","n":NaN}', "not_json"),
    ("Infinity", '{"v":1,"t":"ping","n":Infinity}', "not_json"),
    ("duplicate key", '{"v":1,"t":"ping","t":"act","n":1}', "not_json"),
    ("int past 4300 digits", '{"v":1,"t":"ping","n":' + "9" * 5000 + "}", "not_json"),
    ("no version", json.dumps({"t": "ping", "n": 1}), "bad_version"),
    ("version 2", _guest(t="ping", n=1).replace('"v": 1', '"v": 2'), "bad_version"),
    ("version true", json.dumps({"v": True, "t": "ping", "n": 1}), "bad_version"),
    ("version 1.0", json.dumps({"v": 1.0, "t": "ping", "n": 1}), "bad_version"),
    ("unknown type", _guest(t="deal"), "unknown_type"),
    ("type not str", _guest(t=["act"]), "unknown_type"),
    ("host-only type", _guest(t="update", seq=1), "unknown_type"),
    ("missing field", _guest(t="ping"), "bad_field"),
    ("extra field", _guest(t="ping", n=1, x=2), "bad_field"),
    ("huge id", _guest(t="act", id=10**40, action=BID), "bad_field"),
    ("id zero", _guest(t="act", id=0, action=BID), "bad_field"),
    ("id negative", _guest(t="act", id=-1, action=BID), "bad_field"),
    ("id bool", _guest(t="act", id=True, action=BID), "bad_field"),
    ("id float", _guest(t="act", id=1.0, action=BID), "bad_field"),
    ("id string", _guest(t="act", id="1", action=BID), "bad_field"),
    ("huge quantity", _guest(t="act", id=1, action={**BID, "quantity": 10**30}), "bad_field"),
    ("face 7", _guest(t="act", id=1, action={**BID, "face": 7}), "bad_field"),
    ("face bool", _guest(t="act", id=1, action={**BID, "face": True}), "bad_field"),
    ("bid without face", _guest(t="act", id=1, action={"type": "bid", "quantity": 3}),
     "bad_field"),
    ("call with extra", _guest(t="act", id=1, action={"type": "call", "x": 1}), "bad_field"),
    ("timeout from a guest", _guest(t="act", id=1, action={"type": "timeout"}), "bad_field"),
    ("deal from a guest", _guest(t="act", id=1, action={"type": "deal"}), "bad_field"),
    ("action list", _guest(t="act", id=1, action=[BID]), "bad_field"),
    ("player in act", _guest(t="act", id=1, action=BID, player="Kaj"), "seat_field"),
    ("seat in act", _guest(t="act", id=1, action=BID, seat="Kaj"), "seat_field"),
    ("player in action", _guest(t="act", id=1, action={**BID, "player": "Kaj"}), "seat_field"),
    ("empty name", _guest(t="hello", name="", token=None), "bad_field"),
    ("long name", _guest(t="hello", name="x" * 21, token=None), "bad_field"),
    ("padded name", _guest(t="hello", name=" Mette", token=None), "bad_field"),
    ("control in name", _guest(t="hello", name="Me\ntte", token=None), "bad_field"),
    ("name not str", _guest(t="hello", name=["Mette"], token=None), "bad_field"),
    ("short token", _guest(t="hello", name="Mette", token="abc"), "bad_field"),
    ("odd token", _guest(t="hello", name="Mette", token="a" * 20 + "/="), "bad_field"),
    ("negative ack", _guest(t="ack", seq=1, events=-1), "bad_field"),
    ("huge ack", _guest(t="ack", seq=1, events=2**31), "bad_field"),
]


@pytest.mark.parametrize("why,text,code", BAD_FROM_GUEST, ids=[b[0] for b in BAD_FROM_GUEST])
def test_bad_guest_frames_are_refused_with_a_code(why, text, code):
    with pytest.raises(ProtocolError) as info:
        decode_from_guest(text)
    assert info.value.code == code
    assert 0 < len(info.value.message) <= 200 and "(" in info.value.message  # Danish (English)


def test_size_is_checked_before_parsing():
    # Just over the bound and perfectly valid otherwise: refused for its size alone.
    pad = GUEST_FRAME_MAX - len(_guest(t="hello", name="M", token=None)) + 1
    text = _guest(t="hello", name="M", token=None).replace("}", " " * pad + "}")
    assert len(text) == GUEST_FRAME_MAX + 1
    with pytest.raises(ProtocolError, match="for stor"):
        decode_from_guest(text)
    assert decode_from_guest(text.replace(" " * pad, " " * (pad - 1)))["t"] == "hello"


def test_deep_nesting_is_refused_before_json_loads_whatever_the_size_bound():
    # json.loads would recurse 100,000 times (a RecursionError in CPython, a dead
    # interpreter in Pyodide); the depth is measured first, without recursion.
    for text in ("[" * 100_000, '{"a":' * 100_000, "[" * 100_000 + "]" * 100_000):
        with pytest.raises(ProtocolError) as info:
            parse_frame(text, 10**6)
        assert info.value.code == "too_deep"


def test_nesting_depth_ignores_brackets_in_strings():
    assert nesting_depth('{"a": "[[[[[[[[[[[[[[[[[[[[["}') == 1
    assert nesting_depth('{"a": "\\"[[[[", "b": [[1]]}') == 3
    assert nesting_depth("") == 0


def test_host_frames_are_checked_too():
    view = {"game": "snyd", "me": "Mette", "phase": "bidding"}
    good = encode("update", seq=3, base=0, events=[{"type": "deal"}], view=view, last_act=0,
                  more=False)
    assert decode_from_host(good)["view"] == view
    bad = [
        (encode("update", seq=3, base=0, events=[{"type": "deal"}],
                view={**view, "events": []}, last_act=0, more=False), "bad_field"),
        (encode("update", seq=3, base=0, events=[{"no": "type"}], view=view, last_act=0,
                more=False), "bad_field"),
        (encode("update", seq=3, base=0, events=[], view={**view, "game": "skak"}, last_act=0,
                more=False), "bad_field"),
        (encode("welcome", seat="Mette", token="short", seq=1, last_act=0), "bad_field"),
        (encode("lobby", seq=1, started=False, seats=[
            {"player": "A", "kind": "guest", "connection": "connected", "waiting": False}] * 2),
         "bad_field"),
        (encode("bye", reason="because"), "bad_field"),
        (encode("hello", name="Mette", token=None), "unknown_type"),
        ("x" * (HOST_FRAME_MAX + 1), "too_big"),
    ]
    for text, code in bad:
        with pytest.raises(ProtocolError) as info:
            decode_from_host(text)
        assert info.value.code == code, text[:80]


# --- docs/protocol.md: every example there is a valid message of its direction ---------------

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def _doc_examples() -> list[tuple[str, str]]:
    """Fenced ```json blocks preceded by a line `guest -> host` or `host -> guest`."""
    text = DOC.read_text(encoding="utf-8")
    return re.findall(r"^(guest -> host|host -> guest):?\s*\n```json\n(.*?)\n```", text,
                      re.MULTILINE | re.DOTALL)


def test_every_message_type_has_a_valid_example_in_the_doc():
    examples = _doc_examples()
    seen = {"guest -> host": set(), "host -> guest": set()}
    for direction, block in examples:
        decode = decode_from_guest if direction == "guest -> host" else decode_from_host
        msg = decode(json.dumps(json.loads(block)))
        seen[direction].add(msg["t"])
    from app.friends.core.protocol import FROM_GUEST, FROM_HOST
    assert seen["guest -> host"] == set(FROM_GUEST)
    assert seen["host -> guest"] == set(FROM_HOST)


def test_every_error_code_is_documented():
    codes = set(re.findall(r'ProtocolError\(\s*"([a-z_]+)"',
                           "".join(p.read_text(encoding="utf-8") for p in
                                   (DOC.parents[1] / "web" / "app" / "friends").rglob("*.py"))))
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", DOC.read_text(encoding="utf-8"),
                                re.MULTILINE))
    assert codes and codes <= documented, codes - documented
