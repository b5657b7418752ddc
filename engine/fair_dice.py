"""Fair dice: cups that only their own seat can see, and nobody can choose (issue 20).

A pure, deterministic scheme on ``hashlib``/``hmac`` (the same in CPython and Pyodide); the only
randomness is ``Secret.draw(source)``, whose ``source`` defaults to ``secrets.token_bytes`` and is
injected in tests. docs/fair-dice.md has the scheme step by step and its threat model.

For one round (``RoundId(table, game_no, round_no)``) every seat draws a ``Secret``: a ``key``
(its cup) and a ``share`` (its part of the joint randomness), 32 bytes each.

1. *commit*: every seat sends ``commitment(rid, seat, key)`` and
   ``share_commitment(rid, seat, share)`` (64 hex digits each);
2. *share*: once every commitment is in, every seat opens its ``share``; the joint value is
   ``joint(rid, shares in seat order)``;
3. a seat's cup is ``hand(key, joint, rid, seat, count)``: only the seat knows ``key``, so only it
   knows its dice, and it could not choose them, because ``joint`` was unknown when it committed;
4. at the reveal every seat opens ``key``; every phone checks it with ``verify_cup`` (the key
   matches the commitment, the faces are the ones the key and joint give).

``public_faces(joint, rid, throw_no, count)`` is a public throw from the same joint value (Bakke
and Treere: every throw is public at once, and no phone can fix it).

``FairRound`` is the state machine one phone keeps for a round: ``add_commitment``,
``add_share``, ``joint``, ``open_cup`` (``OK`` or ``MISMATCH``), ``who_missing``, ``record`` (its
public transcript as JSON) and ``FairRound.from_record`` (checked again). All input to it
is hostile: anything wrong raises ``IllegalAction`` (Danish, English in brackets) and changes
nothing.

    >>> rid = RoundId("bord-1", 1, 1)
    >>> counter = iter(range(1, 100))
    >>> fake = lambda n: bytes([next(counter)]) * n  # never in play: secrets.token_bytes
    >>> a, b = Secret.draw(fake), Secret.draw(fake)
    >>> r = FairRound(rid, {"Mette": 5, "Henning": 5})
    >>> for seat, s in (("Mette", a), ("Henning", b)):
    ...     r.add_commitment(seat, commitment(rid, seat, s.key), share_commitment(rid, seat, s.share))
    >>> r.add_share("Henning", b.share.hex()); r.who_missing()
    ['Mette']
    >>> r.add_share("Mette", a.share.hex())
    >>> mine = hand(a.key, r.joint, rid, "Mette", 5)
    >>> r.open_cup("Mette", a.key.hex()), r.hands() == {"Mette": mine}
    ('ok', True)
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction, shown

PROTOCOL = b"bodegabordet/fair-dice/v1"
SECRET_BYTES = 32  # a key and a share
HEX_CHARS = 2 * hashlib.sha256().digest_size  # a commitment, key or share on the wire: 64
MAX_TABLE_ID = 100  # characters of a table's id
MAX_NUMBER = 2**32 - 1  # game_no, round_no, throw_no
MAX_SEATS = 8
MAX_COUNT = 64  # faces one derivation may ask for (a cup holds at most 6)
REJECT_FROM = 252  # 252 = 42 * 6: a byte of 252..255 is thrown away (no modulo bias)
_HEX = frozenset("0123456789abcdef")

OK = "ok"
MISMATCH = "mismatch"


def _frame(*parts: bytes) -> bytes:
    """The parts, each behind its length (4 bytes): no two lists of parts give the same bytes."""
    return b"".join(len(p).to_bytes(4, "big") + p for p in parts)


def _number(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_NUMBER:
        raise IllegalAction(f"{what} skal være et helt tal fra 0 til {MAX_NUMBER}, ikke "
                            f"{shown(value)} ({what}: a whole number 0–{MAX_NUMBER})")
    return value


def _text(value: Any, most: int, what: str) -> bytes:
    if not isinstance(value, str) or not 1 <= len(value) <= most:
        raise IllegalAction(f"{what} skal være en tekst på 1–{most} tegn, ikke {shown(value)} "
                            f"({what}: a text of 1–{most} characters)")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError:
        raise IllegalAction(f"{what} kan ikke skrives som UTF-8: {shown(value)} "
                            f"({what}: not valid text)") from None


def _seat(seat: Any) -> bytes:
    return _text(seat, MAX_TABLE_ID, "Pladsen (seat)")


def _secret_bytes(value: Any, what: str) -> bytes:
    if type(value) is not bytes or len(value) != SECRET_BYTES:
        raise IllegalAction(f"{what} skal være {SECRET_BYTES} bytes, ikke {shown(value)} "
                            f"({what}: {SECRET_BYTES} bytes)")
    return value


def from_hex(value: Any, what: str = "Værdien (value)") -> bytes:
    """64 lowercase hex digits from outside as their 32 bytes, or IllegalAction."""
    if not isinstance(value, str) or len(value) != HEX_CHARS or not _HEX.issuperset(value):
        raise IllegalAction(f"{what} skal være {HEX_CHARS} hex-cifre (0–9, a–f), ikke "
                            f"{shown(value)} ({what}: {HEX_CHARS} lowercase hex digits)")
    return bytes.fromhex(value)


@dataclass(frozen=True)
class RoundId:
    """Which round a value belongs to: every hash binds it, so nothing moves to another round,
    game or table. ``table`` is the table's id (any text of 1–100 characters, unique per table)."""

    table: str
    game_no: int
    round_no: int

    def __post_init__(self) -> None:
        _text(self.table, MAX_TABLE_ID, "Bordets id (table id)")
        _number(self.game_no, "Spillets nummer (game_no)")
        _number(self.round_no, "Rundens nummer (round_no)")

    def encode(self) -> bytes:
        return _frame(self.table.encode("utf-8"), self.game_no.to_bytes(4, "big"),
                      self.round_no.to_bytes(4, "big"))


def _round_id(value: Any) -> RoundId:
    if not isinstance(value, RoundId):
        raise IllegalAction(f"Runden skal være en RoundId, ikke {shown(value)} (a RoundId)")
    return value


@dataclass(frozen=True, repr=False)
class Secret:
    """One seat's secrets for one round: ``key`` (its cup) and ``share`` (its part of the joint
    value). Never sent before its time; ``repr`` shows neither."""

    key: bytes
    share: bytes

    def __post_init__(self) -> None:
        _secret_bytes(self.key, "Nøglen (key)")
        _secret_bytes(self.share, "Andelen (share)")

    @classmethod
    def draw(cls, source: Callable[[int], bytes] = secrets.token_bytes) -> Secret:
        """Two fresh 32-byte values from ``source`` (``secrets.token_bytes``; a test injects its own)."""
        return cls(source(SECRET_BYTES), source(SECRET_BYTES))

    def __repr__(self) -> str:
        return "Secret(…)"


def commitment(round_id: RoundId, seat: str, key: bytes) -> str:
    """The seat's commitment to its cup's key for this round (64 hex digits)."""
    rid, s, k = _round_id(round_id).encode(), _seat(seat), _secret_bytes(key, "Nøglen (key)")
    return hashlib.sha256(_frame(PROTOCOL, b"cup", rid, s, k)).hexdigest()


def share_commitment(round_id: RoundId, seat: str, share: bytes) -> str:
    """The seat's commitment to its share of the joint value (64 hex digits)."""
    rid, s, r = _round_id(round_id).encode(), _seat(seat), _secret_bytes(share, "Andelen (share)")
    return hashlib.sha256(_frame(PROTOCOL, b"share", rid, s, r)).hexdigest()


def joint(round_id: RoundId, shares_in_seat_order: Sequence[bytes]) -> bytes:
    """The round's joint value from every seat's share, in seat order (32 bytes)."""
    rid = _round_id(round_id).encode()
    if (isinstance(shares_in_seat_order, (str, bytes)) or not isinstance(shares_in_seat_order, Sequence)
            or not 1 <= len(shares_in_seat_order) <= MAX_SEATS):
        raise IllegalAction(f"Der skal være 1–{MAX_SEATS} andele, ikke {shown(shares_in_seat_order)} "
                            f"(shares: 1–{MAX_SEATS} in seat order)")
    shares = [_secret_bytes(r, "Andelen (share)") for r in shares_in_seat_order]
    return hashlib.sha256(_frame(PROTOCOL, b"joint", rid, *shares)).digest()


def faces_from_bytes(data: bytes, count: int) -> list[int]:
    """Up to ``count`` faces from ``data``, a byte each: bytes of 252–255 are skipped, the rest
    give ``b % 6 + 1`` (252 is a multiple of 6, so every face is equally likely)."""
    out: list[int] = []
    for b in data:
        if len(out) == count:
            break
        if b < REJECT_FROM:
            out.append(b % 6 + 1)
    return out


def _count(count: Any) -> int:
    if type(count) is not int or not 0 <= count <= MAX_COUNT:
        raise IllegalAction(f"Antal terninger skal være et helt tal fra 0 til {MAX_COUNT}, ikke "
                            f"{shown(count)} (count: 0–{MAX_COUNT})")
    return count


def _stream_faces(key: bytes, label: bytes, count: int) -> list[int]:
    """``count`` faces from HMAC-SHA256(key, label || block no.), block after block."""
    faces: list[int] = []
    block = 0
    while len(faces) < count:  # one block gives 32 bytes: almost always enough for a cup
        data = hmac.new(key, label + block.to_bytes(4, "big"), hashlib.sha256).digest()
        faces += faces_from_bytes(data, count - len(faces))
        block += 1
    return faces


def _joint_bytes(value: Any) -> bytes:
    if type(value) is not bytes or len(value) != hashlib.sha256().digest_size:
        raise IllegalAction(f"Fællesværdien skal være 32 bytes, ikke {shown(value)} (joint: 32 bytes)")
    return value


def hand(key: bytes, joint_value: bytes, round_id: RoundId, seat: str, count: int) -> list[int]:
    """The seat's cup: ``count`` faces from its ``key`` and the round's joint value. A longer
    cup starts with the same faces (the count is not bound: it is public)."""
    label = _frame(PROTOCOL, b"hand", _joint_bytes(joint_value), _round_id(round_id).encode(),
                   _seat(seat))
    return _stream_faces(_secret_bytes(key, "Nøglen (key)"), label, _count(count))


def public_faces(joint_value: bytes, round_id: RoundId, throw_no: int, count: int) -> list[int]:
    """A throw every phone computes alike from the joint value (Bakke, Treere): public at once,
    fixed by no phone. ``throw_no`` numbers the throws of the round."""
    label = _frame(PROTOCOL, b"public", _round_id(round_id).encode(),
                   _number(throw_no, "Kastets nummer (throw_no)").to_bytes(4, "big"))
    return _stream_faces(_joint_bytes(joint_value), label, _count(count))


def verify_cup(round_id: RoundId, seat: str, secret_hex: str, commitment_hex: str,
               joint_value: bytes, claimed_faces: Sequence[int], count: int) -> bool:
    """Whether the opened key ``secret_hex`` matches the seat's commitment and gives exactly
    ``claimed_faces``, a cup of ``count`` dice (the public count: a shorter claim is a prefix of
    the true cup, so the count must come from the table, not from the claim). Junk from outside
    is False, never an exception."""
    try:
        key = from_hex(secret_hex)
        if commitment_hex != commitment(round_id, seat, key):
            return False
        if isinstance(claimed_faces, (str, bytes)) or not isinstance(claimed_faces, Sequence):
            return False
        return list(claimed_faces) == hand(key, joint_value, round_id, seat, _count(count))
    except IllegalAction:
        return False


class FairRound:
    """One round's commitments, shares and opened cups, as one phone keeps them.

    Phases: ``"commit"`` (waiting for every seat's two commitments), ``"share"`` (waiting for
    every share), ``"cups"`` (the joint value is known; cups open at the reveal). Each method
    checks everything before it changes anything: bad input raises ``IllegalAction`` and the
    round is as it was.
    """

    def __init__(self, round_id: RoundId, counts: Mapping[str, int]) -> None:
        """``counts``: every seat of the round in seat order, with the dice in its cup."""
        self.round_id = _round_id(round_id)
        if not isinstance(counts, Mapping) or not 1 <= len(counts) <= MAX_SEATS:
            raise IllegalAction(f"En runde har 1–{MAX_SEATS} pladser, ikke {shown(counts)} "
                                f"(counts: seat -> dice, 1–{MAX_SEATS} seats)")
        for seat, n in counts.items():
            _seat(seat)
            _count(n)
        self.seats: tuple[str, ...] = tuple(counts)
        self.counts: dict[str, int] = dict(counts)
        self._cups: dict[str, str] = {}  # seat -> commitment to its key
        self._share_cs: dict[str, str] = {}  # seat -> commitment to its share
        self._shares: dict[str, bytes] = {}
        self._joint: bytes | None = None
        self._opened: dict[str, str] = {}  # seat -> its key, hex, once it matched
        self._hands: dict[str, list[int]] = {}
        self._mismatched: list[str] = []

    # --- what anyone may ask ------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if len(self._cups) < len(self.seats):
            return "commit"
        if self._joint is None:
            return "share"
        return "cups"

    @property
    def joint(self) -> bytes | None:
        """The joint value once every share is in, else None."""
        return self._joint

    def who_missing(self) -> list[str]:
        """Seats (seat order) that still owe what this phase waits for: their commitments, their
        share, or (phase "cups") their opened cup. A seat whose cup did not match is not missing:
        see ``mismatched``."""
        have: Mapping[str, Any] = {"commit": self._cups, "share": self._shares}.get(
            self.phase, {**self._opened, **dict.fromkeys(self._mismatched)})
        return [s for s in self.seats if s not in have]

    def mismatched(self) -> list[str]:
        """Seats whose opened key did not match their commitment (seat order)."""
        return [s for s in self.seats if s in self._mismatched]

    def hands(self) -> dict[str, list[int]]:
        """The cups opened and checked so far, seat -> faces (seat order)."""
        return {s: list(self._hands[s]) for s in self.seats if s in self._hands}

    def commitments(self, seat: str) -> tuple[str, str]:
        """The seat's (cup, share) commitments as received."""
        self._known(seat)
        if seat not in self._cups:
            raise IllegalAction(f"{shown(seat)} har ikke forpligtet sig endnu (no commitment yet)")
        return self._cups[seat], self._share_cs[seat]

    def record(self) -> dict[str, Any]:
        """The round's public record as plain JSON: what every phone may keep and check again."""
        return {
            "round": {"table": self.round_id.table, "game_no": self.round_id.game_no,
                      "round_no": self.round_id.round_no},
            "counts": dict(self.counts),
            "commitments": {s: [self._cups[s], self._share_cs[s]] for s in self.seats
                            if s in self._cups},
            "shares": {s: self._shares[s].hex() for s in self.seats if s in self._shares},
            "keys": {s: self._opened[s] for s in self.seats if s in self._opened},
            "mismatched": self.mismatched(),
        }

    @classmethod
    def from_record(cls, record: Any) -> FairRound:
        """The round a ``record()`` describes, every value in it checked again (a record from
        outside: a log, another phone). IllegalAction unless rebuilding it gives the very same
        record."""
        bad = IllegalAction(f"Terningernes regnskab kan ikke læses: {shown(record)} "
                            "(malformed fair-dice record)")
        if not isinstance(record, Mapping) or not isinstance(record.get("round"), Mapping):
            raise bad
        rid = record["round"]
        if set(rid) != {"table", "game_no", "round_no"}:
            raise bad
        r = cls(RoundId(rid["table"], rid["game_no"], rid["round_no"]), record.get("counts"))
        parts = [record.get(k) for k in ("commitments", "shares", "keys")]
        if not all(isinstance(p, Mapping) for p in parts):
            raise bad
        commitments, shares, keys = parts
        for seat in r.seats:
            if seat in commitments:
                pair = commitments[seat]
                if not isinstance(pair, Sequence) or isinstance(pair, str) or len(pair) != 2:
                    raise bad
                r.add_commitment(seat, pair[0], pair[1])
        for seat in r.seats:
            if seat in shares:
                r.add_share(seat, shares[seat])
        for seat in r.seats:
            if seat in keys and r.open_cup(seat, keys[seat]) != OK:
                raise bad  # a record keeps only keys that matched
        mismatched = record.get("mismatched")
        if not isinstance(mismatched, Sequence) or isinstance(mismatched, str):
            raise bad
        for seat in mismatched:  # a key that did not match is not kept: the seat is named
            if not isinstance(seat, str) or seat not in r.counts or r.phase != "cups" or \
                    seat in r._opened or seat in r._mismatched:
                raise bad
            r._mismatched.append(seat)
        if r.record() != record:
            raise bad
        return r

    # --- what arrives -------------------------------------------------------------------------

    def _known(self, seat: Any) -> str:
        if not isinstance(seat, str) or seat not in self.counts:
            raise IllegalAction(f"{shown(seat)} sidder ikke med i runden (not a seat of this round)")
        return seat

    def add_commitment(self, seat: str, cup: str, share: str) -> None:
        """A seat's first message: its commitments to its key (``cup``) and share (hex)."""
        self._known(seat)
        if self.phase != "commit":
            raise IllegalAction("Alle har allerede forpligtet sig (every commitment is in)")
        if seat in self._cups:
            raise IllegalAction(f"{shown(seat)} har allerede forpligtet sig (a second commitment)")
        from_hex(cup, "Forpligtelsen (commitment)")
        from_hex(share, "Forpligtelsen (commitment)")
        if cup == share:
            raise IllegalAction("To ens forpligtelser (the two commitments are the same)")
        self._cups[seat], self._share_cs[seat] = cup, share

    def add_share(self, seat: str, share_hex: str) -> None:
        """A seat's second message: its share, checked against its commitment; the last one
        makes the joint value."""
        self._known(seat)
        if self.phase == "commit":
            raise IllegalAction("Andelene åbnes først, når alle har forpligtet sig "
                                "(shares only after every commitment)")
        if self.phase != "share" or seat in self._shares:
            raise IllegalAction(f"{shown(seat)} har allerede åbnet sin andel (share already in)")
        share = from_hex(share_hex, "Andelen (share)")
        if share_commitment(self.round_id, seat, share) != self._share_cs[seat]:
            raise IllegalAction(f"{shown(seat)}s andel passer ikke til forpligtelsen "
                                "(the share does not match its commitment)")
        self._shares[seat] = share
        if len(self._shares) == len(self.seats):
            self._joint = joint(self.round_id, [self._shares[s] for s in self.seats])

    def my_hand(self, seat: str, secret: Secret) -> list[int]:
        """This phone's own seat's cup, once the joint value is known (the secret stays here)."""
        self._known(seat)
        if self._joint is None:
            raise IllegalAction("Terningerne kendes først, når alle andele er åbnet "
                                "(the dice follow once every share is in)")
        if not isinstance(secret, Secret):
            raise IllegalAction(f"Hemmeligheden skal være en Secret, ikke {shown(secret)} (a Secret)")
        return hand(secret.key, self._joint, self.round_id, seat, self.counts[seat])

    def open_cup(self, seat: str, key_hex: str) -> str:
        """A seat opens its key at the reveal: ``OK`` (its cup is in ``hands()``) or ``MISMATCH``
        (the key is not the one it committed to: the seat loses the round). Once per seat."""
        self._known(seat)
        if self._joint is None:
            raise IllegalAction("Bægrene åbnes først, når alle andele er åbnet "
                                "(cups open only after every share)")
        if seat in self._opened or seat in self._mismatched:
            raise IllegalAction(f"{shown(seat)} har allerede åbnet sit bæger (cup already opened)")
        key = from_hex(key_hex, "Nøglen (key)")
        if commitment(self.round_id, seat, key) != self._cups[seat]:
            self._mismatched.append(seat)
            return MISMATCH
        self._opened[seat] = key_hex
        self._hands[seat] = hand(key, self._joint, self.round_id, seat, self.counts[seat])
        return OK


# --- public throws (Bakke, Treere): one commit-and-share exchange per throw ----------------------

def throw_counts(players: Sequence[str], thrower: str, count: int) -> dict[str, int]:
    """The ``counts`` of a throw's ``FairRound``: every seat at the table takes part with no cup
    of its own, and the thrower's seat carries the throw's dice count, so the round's record names
    who throws how many dice (a record made for another seat's throw, or another count, never
    fits)."""
    if not isinstance(thrower, str) or thrower not in players:
        raise IllegalAction(f"{shown(thrower)} sidder ikke ved bordet (not at this table)")
    return {p: (_count(count) if p == thrower else 0) for p in players}


def throw_faces(record: Any, players: Sequence[str], thrower: str, count: int, game_no: int,
                after: int, table: str | None = None) -> tuple[list[int], int]:
    """The faces of a fair public throw from its exchange's record (``FairRound.record()`` of a
    round whose ``counts`` are ``throw_counts(players, thrower, count)``), and the exchange's
    number, every value checked again: IllegalAction unless the record is complete (every seat's
    share is in, checked against its commitment), of this game (``game_no``) and table
    (``table``, when the table knows it), names exactly these players with ``thrower`` throwing
    ``count`` dice, and its number (``round_no``) comes after ``after`` (the game's last fair
    throw's number): an exchange replayed, or one played out of its order, is refused.
    The faces are ``public_faces(joint, rid, 1 + the thrower's place in seat order, count)``."""
    r = FairRound.from_record(record)
    rid = r.round_id
    if r.joint is None:
        raise IllegalAction("Kastet mangler en andel (the throw's exchange is not complete)")
    if r.seats != tuple(players) or r.counts != throw_counts(players, thrower, count):
        raise IllegalAction(f"Kastet er ikke {shown(thrower)}s kast af {shown(count)} terninger "
                            "(the exchange is another seat's throw or another count)")
    if rid.game_no != game_no or (table is not None and rid.table != table):
        raise IllegalAction("Kastet hører til et andet spil eller bord "
                            "(the exchange is another game's or table's)")
    if type(after) is not int or rid.round_no <= after:
        raise IllegalAction(f"Kast nr. {rid.round_no} er allerede brugt eller kommer i forkert "
                            f"rækkefølge (exchange {rid.round_no} replayed or out of order: "
                            f"the last was {after})")
    return public_faces(r.joint, rid, 1 + r.seats.index(thrower), count), rid.round_no
