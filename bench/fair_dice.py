"""What fair dice (engine/fair_dice.py, issue 20) cost per Snyd round at 8 seats, in CPython.

    python bench/fair_dice.py [--rounds 2000] [--seats 8] [--dice 6] [--pyodide [--throttle 4]]

One phone's work per round, each phase timed on its own (``time.perf_counter``), median and
90th percentile over ``--rounds`` rounds:

- commit: draw its secret (``secrets.token_bytes``) and make its two commitments;
- derive: take every seat's two commitments (hex checked), every share (each checked against its
  commitment), make the joint value and its own cup;
- verify: at the reveal, open and check every seat's cup (commitment and faces);

and the whole table's crypto (all 8 phones, as one process does it: the figure a host that
also plays every regular would pay), plus the fair table seam (``deal(hidden=True)``,
``reveal_hands``, ``call``). Then the bytes on the wire per round: the three messages a seat
sends (JSON as a frame would carry them; the wire protocol is not built yet) and what the
host sends back to each guest. No asserts: figures only (docs/performance.md, "Fair dice").

``--pyodide``: the same per-round work (``one_round``: commit, derive, verify of one phone at
``--seats`` seats) in the self-hosted Pyodide of headless Chromium (bench/pyodide_timing.py), at
1x CPU and at ``--throttle`` x (CDP ``Emulation.setCPUThrottlingRate``, 4 = Lighthouse's mid-range
phone), medians over blocks of 25 of ``--rounds`` rounds (the browser's clock ticks in 0.1 ms
steps; issue 20's target: the phone's round <= 10 ms at 8 seats;
docs/fair-dice.md, "Cost in Pyodide").
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

try:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
except NameError:  # this source run inside Pyodide (--pyodide): engine/ is unpacked there
    pass

from engine.fair_dice import (
    FairRound,
    RoundId,
    Secret,
    commitment,
    share_commitment,
)
from engine.snyd.bid import Bid
from engine.snyd.rules import Rules
from engine.snyd.table import Table

NAMES = ["Mette", "Henning", "Lis", "Bo", "Karen", "Ib", "Søs", "Jens"]


def one_round(rid: RoundId, seats: list[str], dice: int) -> dict[str, float]:
    """One round as phone 0 sees it, then the rest of the table's work; seconds per phase."""
    counts = dict.fromkeys(seats, dice)
    t0 = time.perf_counter()
    mine = Secret.draw()
    my_c = (commitment(rid, seats[0], mine.key), share_commitment(rid, seats[0], mine.share))
    t1 = time.perf_counter()
    others = {s: Secret.draw() for s in seats[1:]}  # the other phones' work, not phone 0's
    msgs = {seats[0]: my_c}
    msgs.update({s: (commitment(rid, s, k.key), share_commitment(rid, s, k.share))
                 for s, k in others.items()})
    t2 = time.perf_counter()
    r = FairRound(rid, counts)
    for s in seats:
        r.add_commitment(s, *msgs[s])
    for s in seats:
        r.add_share(s, (mine if s == seats[0] else others[s]).share.hex())
    r.my_hand(seats[0], mine)
    t3 = time.perf_counter()
    for s in seats:
        assert r.open_cup(s, (mine if s == seats[0] else others[s]).key.hex()) == "ok"
    t4 = time.perf_counter()
    return {"commit": t1 - t0, "derive": t3 - t2, "verify": t4 - t3,
            "phone": (t1 - t0) + (t4 - t2), "others_commit": t2 - t1}


def whole_table(rid: RoundId, seats: list[str], dice: int) -> float:
    """Every phone's crypto of one round in one process (each phone: commit, derive, verify)."""
    t0 = time.perf_counter()
    secrets_ = {s: Secret.draw() for s in seats}
    msgs = {s: (commitment(rid, s, k.key), share_commitment(rid, s, k.share))
            for s, k in secrets_.items()}
    for me in seats:
        r = FairRound(rid, dict.fromkeys(seats, dice))
        for s in seats:
            r.add_commitment(s, *msgs[s])
        for s in seats:
            r.add_share(s, secrets_[s].share.hex())
        r.my_hand(me, secrets_[me])
        for s in seats:
            r.open_cup(s, secrets_[s].key.hex())
    return time.perf_counter() - t0


def table_seam(seats: list[str], dice: int, rounds: int) -> float:
    """The engine's side: a fair deal, a bid, the reveal and the call, per round (seconds)."""
    times = []
    for n in range(rounds):
        rid = RoundId("bench", 1, 1)
        secrets_ = {s: Secret.draw() for s in seats}
        r = FairRound(rid, dict.fromkeys(seats, dice))
        for s in seats:
            r.add_commitment(s, commitment(rid, s, secrets_[s].key),
                             share_commitment(rid, s, secrets_[s].share))
        for s in seats:
            r.add_share(s, secrets_[s].share.hex())
        for s in seats:
            r.open_cup(s, secrets_[s].key.hex())
        hands = r.hands()
        t = Table(seats, Rules(dice_per_player=dice), seed=n, first=seats[0])
        t0 = time.perf_counter()
        t.deal(hidden=True, known={seats[0]: hands[seats[0]]})
        t.bid(seats[0], Bid(1, 2))
        t.reveal_hands(hands)
        t.call(seats[1])
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def wire(seats: list[str]) -> dict[str, int]:
    """Bytes per round: JSON frames as the wire would carry them (compact separators)."""
    def size(obj: object) -> int:
        return len(json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode())

    hex64 = "0" * 64
    seat = seats[1]
    up = {  # what one guest sends the host
        "commit": size({"t": "fair_commit", "seat": seat, "cup": hex64, "share": hex64}),
        "share": size({"t": "fair_share", "seat": seat, "share": hex64}),
        "open": size({"t": "fair_open", "seat": seat, "key": hex64}),
    }
    down = {  # what the host sends each guest: every seat's values, once all are in
        "commit": size({"t": "fair_commits", "c": {s: [hex64, hex64] for s in seats}}),
        "share": size({"t": "fair_shares", "r": dict.fromkeys(seats, hex64)}),
        "open": size({"t": "fair_keys", "k": dict.fromkeys(seats, hex64)}),
    }
    guests = len(seats) - 1
    return {
        "up_per_guest": sum(up.values()), "down_per_guest": sum(down.values()),
        "round_total": guests * (sum(up.values()) + sum(down.values())),
        "payload_per_seat": 4 * 32,  # two commitments, a share, a key: 32 bytes each
        **{f"up_{k}": v for k, v in up.items()}, **{f"down_{k}": v for k, v in down.items()},
    }


def quantiles(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    return statistics.median(values), values[int(0.9 * (len(values) - 1))]


def block(rids: list[RoundId], seats: list[str], dice: int) -> dict[str, float]:
    """``one_round``'s phases for a block of rounds, each phase timed over the whole block
    (seconds per round): a browser's clock ticks in 0.1 ms steps, too coarse for one round."""
    counts = dict.fromkeys(seats, dice)
    t0 = time.perf_counter()
    mine = [Secret.draw() for _ in rids]
    my_c = [(commitment(rid, seats[0], m.key), share_commitment(rid, seats[0], m.share))
            for rid, m in zip(rids, mine)]
    t1 = time.perf_counter()
    others = [{s: Secret.draw() for s in seats[1:]} for _ in rids]  # the other phones' work
    msgs = [{seats[0]: c, **{s: (commitment(rid, s, k.key), share_commitment(rid, s, k.share))
                             for s, k in o.items()}} for rid, c, o in zip(rids, my_c, others)]
    t2 = time.perf_counter()
    rounds = []
    for rid, m, o, msg in zip(rids, mine, others, msgs):
        r = FairRound(rid, counts)
        for s in seats:
            r.add_commitment(s, *msg[s])
        for s in seats:
            r.add_share(s, (m if s == seats[0] else o[s]).share.hex())
        r.my_hand(seats[0], m)
        rounds.append(r)
    t3 = time.perf_counter()
    for r, m, o in zip(rounds, mine, others):
        for s in seats:
            assert r.open_cup(s, (m if s == seats[0] else o[s]).key.hex()) == "ok"
    t4 = time.perf_counter()
    n = len(rids)
    return {"commit": (t1 - t0) / n, "derive": (t3 - t2) / n, "verify": (t4 - t3) / n,
            "phone": ((t1 - t0) + (t4 - t2)) / n}


def medians(rounds: int, seats_n: int, dice: int, per_block: int = 25) -> dict[str, float]:
    """Median ms per round of each phase over blocks of ``per_block`` rounds (after a warm-up):
    what the Pyodide page runs, so both interpreters time the very same code."""
    seats = NAMES[:seats_n]
    block([RoundId("bench", 9, n) for n in range(per_block)], seats, dice)
    runs = [block([RoundId("bench", 1 + b, n) for n in range(per_block)], seats, dice)
            for b in range(max(rounds // per_block, 1))]
    return {phase: statistics.median(r[phase] for r in runs) * 1e3
            for phase in ("commit", "derive", "verify", "phone")}


def throttle(page: object, rate: float) -> None:
    """CPU throttling of the page's renderer (as bench/startup.py does it)."""
    cdp = page.context.new_cdp_session(page)  # type: ignore[attr-defined]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def pyodide(rounds: int, seats_n: int, dice: int, rate: float) -> None:
    """This file's functions on one Pyodide page, timed at 1x and at ``rate`` x CPU."""
    sys.path.append(str(Path(__file__).resolve().parent))  # last: bench/relay.py is not relay/
    from pyodide_timing import pyodide_page

    from devtools import browser as bt
    with pyodide_page() as page:
        bt.run_in_pyodide(page, Path(__file__).read_text(encoding="utf-8") + "\nNone")
        version = bt.run_in_pyodide(page, "sys.version.split()[0]")
        print(f"fair dice, {seats_n} seats of {dice} dice, {rounds} rounds in blocks of 25, "
              f"Pyodide (Python {version}, headless Chromium): one phone's work per round, "
              "median of the blocks (ms)")
        for r in (1.0, rate):
            throttle(page, r)
            m = bt.run_in_pyodide(page, f"medians({rounds}, {seats_n}, {dice})")
            print(f"  {r:g}x CPU: " + ", ".join(f"{k} {v:.3f}" for k, v in m.items()))
        throttle(page, 1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--dice", type=int, default=6)
    parser.add_argument("--pyodide", action="store_true",
                        help="time one phone's round in Pyodide (headless Chromium) instead")
    parser.add_argument("--throttle", type=float, default=4.0,
                        help="with --pyodide: the second CPU throttling rate (default 4)")
    args = parser.parse_args()
    if not 1 <= args.seats <= len(NAMES) or args.rounds < 1 or args.throttle < 1:
        parser.error(f"--seats 1..{len(NAMES)}, --rounds >= 1, --throttle >= 1")
    if args.pyodide:
        pyodide(args.rounds, args.seats, args.dice, args.throttle)
        return
    seats = NAMES[:args.seats]
    for n in range(50):  # warm up
        one_round(RoundId("bench", 1, n), seats, args.dice)
    runs = [one_round(RoundId("bench", 1 + n // 1000, n % 1000), seats, args.dice)
            for n in range(args.rounds)]
    print(f"fair dice, {args.seats} seats of {args.dice} dice, {args.rounds} rounds, CPython "
          f"{sys.version.split()[0]}: one phone's work per round, median / p90 (ms)")
    for phase in ("commit", "derive", "verify", "phone"):
        med, p90 = quantiles([r[phase] for r in runs])
        print(f"  {phase:7} {med * 1e3:8.3f} / {p90 * 1e3:.3f}")
    tables = [whole_table(RoundId("bench", 2, n), seats, args.dice)
              for n in range(max(args.rounds // 4, 1))]
    med, p90 = quantiles(tables)
    print(f"  all {args.seats} phones' crypto in one process: {med * 1e3:.3f} / {p90 * 1e3:.3f} ms")
    seam = table_seam(seats, args.dice, max(args.rounds // 4, 1))
    print(f"  table seam (fair deal, bid, reveal_hands, call): {seam * 1e3:.3f} ms (median)")
    w = wire(seats)
    print(f"wire per round (JSON frames, names like {seats[1]!r}): a guest sends "
          f"{w['up_per_guest']} B ({w['up_commit']} + {w['up_share']} + {w['up_open']}), "
          f"receives {w['down_per_guest']} B ({w['down_commit']} + {w['down_share']} + "
          f"{w['down_open']}); the table: {w['round_total']} B; raw payload "
          f"{w['payload_per_seat']} B a seat; message rounds: commit, share (before the deal), "
          "open (at the Løft)")


if __name__ == "__main__":
    main()
