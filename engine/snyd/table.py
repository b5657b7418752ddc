"""A Snyd table for an evening: rounds, games, Viborg and *Tavlen* (S2–S35, S40–S43).

The table is a deterministic state machine.  Chance is one explicit step (``deal``)
drawing from the table's ``Dice`` (engine/dice.py, seeded), or scripted hands.  Every
action is validated in full before anything changes, so an ``IllegalAction``
always leaves the table exactly as it was.

A friends' table may deal a *fair* round instead (issue 20, docs/fair-dice.md):
``deal(hidden=True, known=...)`` starts a round whose cups the table knows only for the seats
in ``known`` (the host phone's own); ``reveal_hands`` fills in every cup, checked by the phones
(engine/fair_dice.py), before a *Løft* is scored, and ``forfeit`` scores the round against a
seat whose cup did not open or did not match.  All three are in the log, so ``replay`` rebuilds
the evening exactly; a table that never uses them deals and logs as before.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.dice import Dice, check_name, check_players
from engine.errors import IllegalAction, shown
from engine.fair_dice import FairRound
from engine.log import ANOTHER_TABLE, LoggedTable, start_entry
from engine.snyd.bid import Bid, bid_rank, face_problem, lowest_bid, max_quantity
from engine.snyd.counting import best_face, counted, counting_dice, holds
from engine.snyd.rules import Rules
from engine.snyd.view import build_view

_ACTION_KEYS = {"bid": {"type", "quantity", "face"}, "call": {"type"}, "timeout": {"type"}}
_NOT_FAIR = "Kun i en runde med fair terninger (only in a fair-dealt round)"


@dataclass(frozen=True)
class Reveal:
    """What a *Løft* showed (S7, S20–S23)."""

    bid: Bid
    bidder: str
    caller: str
    count: int  # how many the table showed for the bid
    held: bool
    loser: str
    face: int | None  # the face counted (the best face for "af en slags"; None if none present)
    hands: dict[str, list[int]]  # every hand in the round
    counting: dict[str, list[int]]  # per player, indexes of the dice with a golden ring
    put_away: tuple[str, ...]  # who put away one die (S22/S23)

    def to_dict(self, with_count: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "bid": self.bid.to_dict(), "bidder": self.bidder, "caller": self.caller,
            "count": self.count, "held": self.held, "loser": self.loser, "face": self.face,
            "hands": {p: list(h) for p, h in self.hands.items()},
            "counting": {p: list(i) for p, i in self.counting.items()},
            "put_away": list(self.put_away),
        }
        if not with_count:  # S43: no count is ever sent under Skjult antal
            del d["count"]
        return d


MAX_PLAYERS = 8


class Table(LoggedTable):
    """A table for an evening of Snyd.

    >>> t = Table(["Mette", "Henning"], Rules(dice_per_player=2), seed=1, first="Mette")
    >>> t.deal([[5, 5], [1, 3]])
    >>> t.bid("Mette", Bid(3, 5))
    >>> t.call("Henning").held
    True
    """

    def __init__(self, players: Sequence[str], rules: Rules | None = None,
                 seed: int | str | None = None, first: str | None = None) -> None:
        self.players: tuple[str, ...] = check_players(players, 2, MAX_PLAYERS)
        self.rules: Rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise IllegalAction("rules skal være en Rules (rules must be a Rules)")
        if first is not None and first not in self.players:
            raise IllegalAction(f"{shown(first)} sidder ikke ved bordet (not at the table)")
        # The same random.Random(seed) as before Dice: a saved evening deals the same hands.
        self.dice = Dice(seed)
        self.seed: int | str = self.dice.seed
        self._next_starter: str = first if first is not None else self.dice.choose(self.players)
        self.phase: str = "idle"
        self.game_no = 0
        self.round_no = 0
        self.in_game: list[str] = []
        self.dice_left: dict[str, int] = {}
        self.out: list[str] = []
        self._first_out: list[str] = []  # S33: the winners of the current game
        self.hands: dict[str, list[int]] = {}
        self.fair_dealt = False  # issue 20: this round's cups are not the table's to know
        self._unseen: set[str] = set()  # seats of a fair round whose cups are not in hands yet
        self._lifted = False  # a fair round's cups are all revealed: only a Løft or forfeit now
        self.turn: str | None = None
        self.starter: str | None = None
        self.current_bid: Bid | None = None
        self.bidder: str | None = None
        self.bids: list[dict[str, Any]] = []
        self._locked: set[str] = set()  # S40: cups locked after a first bid
        self.viborg: set[str] = set()
        self.tally: dict[str, int] = {p: 0 for p in self.players}
        self.selvbinder: dict[str, int] = {p: 0 for p in self.players}
        self.final = False
        self._final_next = False
        self.last_reveal: Reveal | None = None
        self.events: list[dict[str, Any]] = []
        self._log: list[dict[str, Any]] = [
            {"type": "start", "players": list(self.players), "rules": self.rules.to_dict(),
             "seed": self.seed, "first": first}
        ]

    # --- what anyone may ask -------------------------------------------------------------------

    @property
    def in_play(self) -> list[str]:
        """Players of the current game still holding dice, seat order."""
        return [p for p in self.in_game if self.dice_left[p] > 0]

    @property
    def upcoming(self) -> list[str]:
        """Who gets dice at the next ``deal`` (seat order): the finalists before an S32 final."""
        if self.phase in ("idle", "game_over"):
            return self._next_game_players()
        return self.in_play

    @property
    def next_starter(self) -> str:
        """Who opens the next round (S25/S35; the first round: ``first`` or the table's draw)."""
        return self._next_starter

    @property
    def cap(self) -> int:
        """The S18 cap for the current round."""
        return max_quantity([self.dice_left[p] for p in self.in_game], self.rules)

    def can_peek(self, player: str) -> bool:
        """S3/S40: whether ``player`` may look at their own dice now."""
        return (self.phase == "bidding" and isinstance(player, str) and player in self.hands
                and self.dice_left.get(player, 0) > 0 and player not in self._locked)

    def view(self, player: str, events_from: int | None = None) -> dict[str, Any]:
        """Everything ``player`` may know, as plain JSON (docs/views.md); ``events_from`` n:
        only the events from n on (IllegalAction unless an int from 0 to len(events))."""
        return build_view(self, player, events_from)

    # --- chance ----------------------------------------------------------------------------------

    def deal(self, hands: Sequence[Sequence[int]] | None = None, *, hidden: bool = False,
             known: Mapping[str, Sequence[int]] | None = None) -> None:
        """Start a round (S2), or the next game between games (S35, finalists only under S32).

        ``hands``: one list per player in ``in_play`` order of the new round, each as long
        as that player's dice; None rolls them from the table's RNG.

        ``hidden=True`` deals a fair round (issue 20): the table's RNG is not used and the
        table knows only the cups in ``known`` (player -> faces, the seats whose dice this phone
        derived itself); the rest stay unknown until ``reveal_hands``.
        """
        if self.phase == "bidding":
            raise IllegalAction("Runden er i gang; løft først (a round is in progress)")
        if type(hidden) is not bool:
            raise IllegalAction("hidden skal være True eller False (hidden must be a bool)")
        new_game = self.phase in ("idle", "game_over")
        players = self.upcoming
        if new_game:
            counts = [self.rules.dice_per_player] * len(players)
        else:
            counts = [self.dice_left[p] for p in players]
        if hidden:
            if hands is not None:
                raise IllegalAction("En fair runde har ingen givne bægre (a fair deal takes no hands)")
            seen = self._check_cups({} if known is None else known, dict(zip(players, counts)),
                                    every=False)
            if new_game:
                self._start_game(players)
            self._log.append({"type": "fair_deal", "counts": dict(zip(players, counts)),
                              "known": {p: list(h) for p, h in seen.items()}})
            self._start_round(players, seen, fair=True)
            return
        if known is not None:
            raise IllegalAction("known hører til en fair runde (known is for hidden=True)")
        scripted = hands is not None
        if hands is not None:
            hands = self._check_hands(hands, counts)
        if new_game:
            self._start_game(players)
        if hands is None:
            hands = [self.dice.throw(n) for n in counts]
        self._log.append({"type": "deal", "hands": [list(h) for h in hands],
                          "scripted": scripted})
        self._start_round(players, dict(zip(players, hands)))

    def _check_cups(self, cups: Any, counts: dict[str, int], every: bool) -> dict[str, list[int]]:
        """Cups by player from outside (seat order): each of the round's players at most once
        (``every``: each exactly once), each as long as that player's dice, faces 1–6."""
        if not isinstance(cups, Mapping) or len(cups) > len(counts):
            raise IllegalAction(f"Bægrene skal gives som spiller -> øjne, ikke {shown(cups)} "
                                "(cups: player -> faces)")
        for p, hand in cups.items():
            if not isinstance(p, str) or p not in counts:
                raise IllegalAction(f"{shown(p)} har ikke terninger i runden (no cup this round)")
            if (isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence)
                    or len(hand) != counts[p]
                    or any(type(d) is not int or not 1 <= d <= 6 for d in hand)):
                raise IllegalAction(f"{p}s bæger skal have {counts[p]} terninger med 1–6 øjne, "
                                    f"ikke {shown(hand)} (wrong cup)")
        if every and len(cups) != len(counts):
            missing = [p for p in counts if p not in cups]
            raise IllegalAction(f"Bægrene mangler for {', '.join(missing)} (cups missing)")
        return {p: list(cups[p]) for p in counts if p in cups}

    def _check_hands(self, hands: Sequence[Sequence[int]], counts: list[int]) -> list[list[int]]:
        bad = IllegalAction(
            f"Forkerte terninger: der skal være {len(counts)} bægre med {counts} terninger "
            "med 1–6 øjne (wrong hands for deal)"
        )
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise bad
        if len(hands) != len(counts):
            raise bad
        out = []
        for hand, n in zip(hands, counts):
            if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence) or len(hand) != n:
                raise bad
            if any(type(d) is not int or not 1 <= d <= 6 for d in hand):
                raise bad
            out.append(list(hand))
        return out

    def _next_game_players(self) -> list[str]:
        if self._final_next:  # S32: the two in Viborg play alone
            return [p for p in self.players if p in self.viborg]
        return list(self.players)

    def _start_game(self, players: list[str]) -> None:
        self.game_no += 1
        self.round_no = 0
        self.in_game = players
        self.dice_left = {p: self.rules.dice_per_player for p in players}
        self.out = []
        self._first_out = []
        self.final = self._final_next
        self._final_next = False
        self.last_reveal = None
        self._event({"type": "new_game", "game_no": self.game_no, "players": list(players)})
        if self.final:
            self._event({"type": "final", "players": list(players)})

    def _start_round(self, players: list[str], hands: dict[str, list[int]],
                     fair: bool = False) -> None:
        self.round_no += 1
        self.hands = hands
        self.fair_dealt = fair
        self._unseen = {p for p in players if p not in hands}
        self._lifted = False
        self.starter = self._next_starter
        self.turn = self.starter
        self.current_bid = None
        self.bidder = None
        self.bids = []
        self._locked = set()
        self.phase = "bidding"
        deal = {"type": "deal", "game_no": self.game_no, "round_no": self.round_no,
                "starter": self.starter}
        if fair:
            deal["fair"] = True
        self._event(deal)

    # --- a late arrival ----------------------------------------------------------------------------

    def join(self, player: str) -> None:
        """A late arrival takes the next seat (after the last one) between games.

        Allowed in phase "idle" or "game_over", but not while an S32 final is due (the final
        belongs to the two in Viborg; the newcomer joins after it). The newcomer starts with 0
        on *Tavlen* and gets a full cup at the next ``deal``. Anything else raises
        IllegalAction and changes nothing.
        """
        check_name(player)
        if player in self.players:
            raise IllegalAction(f"{shown(player)} sidder allerede ved bordet (already at the table)")
        if len(self.players) >= MAX_PLAYERS:
            raise IllegalAction(f"Bordet er fuldt ({MAX_PLAYERS} pladser) (the table is full)")
        if self.phase not in ("idle", "game_over"):
            raise IllegalAction("Man kan først sætte sig, når spillet er slut "
                                "(join between games only)")
        if self._final_next:
            raise IllegalAction("Finalen i Viborg spilles først; sæt dig bagefter "
                                "(join after the S32 final)")
        self._log.append({"type": "join", "player": player})
        self.players = (*self.players, player)
        self.tally[player] = 0
        self.selvbinder[player] = 0
        self._event({"type": "join", "player": player})

    # --- actions ---------------------------------------------------------------------------------

    def act(self, player: str, action: Mapping[str, Any]) -> Reveal | None:
        """One entry point for actions as plain dicts (UI, regulars, network).

        ``{"type": "bid", "quantity": q, "face": f}``, ``{"type": "call"}``, ``{"type": "timeout"}``.
        Returns the ``Reveal`` when the action was (or became) a call.
        """
        kind = action.get("type") if isinstance(action, Mapping) else None
        if not isinstance(kind, str) or kind not in _ACTION_KEYS:  # str first: a list is unhashable
            raise IllegalAction(
                "Ukendt handling; byd, løft eller tiden løb ud "
                "(unknown action: type must be bid, call or timeout)"
            )
        if set(action) != _ACTION_KEYS[kind]:
            raise IllegalAction(
                f"Handlingen {kind!r} skal have netop felterne {sorted(_ACTION_KEYS[kind])} "
                "(malformed action)"
            )
        if kind == "bid":
            self.bid(player, Bid(action["quantity"], action["face"]))
            return None
        if kind == "call":
            return self.call(player)
        return self.timeout(player)

    def bid(self, player: str, bid: Bid) -> None:
        """*Byd*: raise the current bid (S4–S6, S15, S17, S18)."""
        self._check_turn(player)
        self._check_not_lifted()
        self._check_bid(bid)
        self._log.append({"type": "bid", "player": player, **bid.to_dict()})
        self._do_bid(player, bid)

    def call(self, player: str) -> Reveal:
        """*Løft*: lift all cups and count (S7, S20–S26)."""
        self._check_turn(player)
        if self.current_bid is None:
            raise IllegalAction("Den, der lægger ud, kan ikke løfte (the opener cannot call)")
        self._check_all_seen()
        self._log.append({"type": "call", "player": player})
        return self._do_call(player)

    def timeout(self, player: str) -> Reveal | None:
        """S41: time ran out — an opener makes the lowest bid, anyone else calls."""
        self._check_turn(player)
        if self.current_bid is not None:
            self._check_all_seen()
        self._log.append({"type": "timeout", "player": player})
        self._event({"type": "timeout", "player": player})
        if self.current_bid is None:
            self._do_bid(player, lowest_bid(self.rules))
            return None
        return self._do_call(player)

    def _check_turn(self, player: str) -> None:
        if player not in self.players:
            raise IllegalAction(f"{shown(player)} sidder ikke ved bordet (not at this table)")
        if self.phase != "bidding":
            raise IllegalAction({
                "idle": "Bordet er ikke dækket endnu; der skal rystes først (deal first)",
                "reveal": "Runden er slut; ryst til næste runde (the round is over; deal again)",
                "game_over": "Spillet er slut; ryst til næste spil (the game is over; deal again)",
            }[self.phase])
        if player != self.turn:
            raise IllegalAction(f"Det er ikke din tur, det er {self.turn}s (not your turn)")

    def _check_not_lifted(self) -> None:
        if self._lifted:
            raise IllegalAction("Bægrene er løftet; nu kan der kun løftes "
                                "(the cups are open: only a call now)")

    def _check_all_seen(self) -> None:
        if self._unseen:
            raise IllegalAction(
                f"Bægrene skal åbnes først: {', '.join(self._seat_sorted(self._unseen))} "
                "(a fair round: reveal_hands before the call)")

    # --- a fair round: the reveal and a cup that will not open (issue 20) -------------------------

    def reveal_hands(self, hands: Mapping[str, Sequence[int]], proof: Any = None) -> None:
        """Every cup of a fair round, checked by the phones (engine/fair_dice.py), before the
        *Løft* that will score it: one per player in play, as many dice as each holds, faces
        1–6, and a cup the table knew already unchanged. Only once a bid stands (a call is
        coming); after it nobody may bid, only call (or ``forfeit``).

        ``proof``: the round's ``FairRound.record()`` (commitments, shares, keys); given, the
        table checks that it is this round's and gives exactly ``hands``, and keeps it in the
        log, so a replay checks every cup again."""
        if not self.fair_dealt or self.phase != "bidding":
            raise IllegalAction(_NOT_FAIR if not self.fair_dealt else
                                "Der er ingen runde at løfte (no round to reveal)")
        if self._lifted:
            raise IllegalAction("Bægrene er allerede åbnet (the cups are already open)")
        if self.current_bid is None:
            raise IllegalAction("Bægrene åbnes først, når der er et bud at løfte "
                                "(reveal only once a bid stands)")
        cups = self._check_cups(hands, {p: self.dice_left[p] for p in self.in_play}, every=True)
        for p, hand in self.hands.items():
            if cups[p] != hand:
                raise IllegalAction(f"{p}s terninger passer ikke (the cup does not match)")
        entry: dict[str, Any] = {"type": "reveal_hands", "hands": {p: list(h) for p, h in cups.items()}}
        if proof is not None:
            fair = self._fair_round_of(proof)
            for p in self.in_play:
                if fair.hands().get(p) != cups[p]:
                    raise IllegalAction(f"{p}s terninger passer ikke (the cup does not match)")
            entry["proof"] = fair.record()
        self._log.append(entry)
        self.hands = cups
        self._unseen = set()
        self._lifted = True

    def forfeit(self, player: str, proof: Any = None) -> None:
        """A seat of a fair round whose cup did not open in time, or did not match its
        commitment, loses the round as if a call had gone against it (S22 for everyone else,
        S24–S26 as after any round); the evening goes on.

        ``proof``: the round's ``FairRound.record()``; given, it must name ``player`` as missing
        or mismatched, and it goes into the log."""
        if not self.fair_dealt:
            raise IllegalAction(_NOT_FAIR)
        if self.phase != "bidding":
            raise IllegalAction("Der er ingen runde at tabe (no round in progress)")
        if not isinstance(player, str) or player not in self.in_play:
            raise IllegalAction(f"{shown(player)} har ikke terninger i runden (no cup this round)")
        entry: dict[str, Any] = {"type": "forfeit", "player": player}
        if proof is not None:
            fair = self._fair_round_of(proof)
            if player not in fair.who_missing() + fair.mismatched():
                raise IllegalAction(f"Regnskabet viser ikke, at {player} mangler eller ikke passer "
                                    "(the record does not show this seat failing)")
            entry["proof"] = fair.record()
        self._log.append(entry)
        self.last_reveal = None
        self.turn = None
        self._event({"type": "forfeit", "player": player})
        self._score(player, [p for p in self.in_play if p != player])

    def _fair_round_of(self, proof: Any) -> FairRound:
        """The FairRound of ``proof`` if it is this round's: its game and round, its players in
        seat order with their dice (the table's id is the layer above's to check)."""
        fair = FairRound.from_record(proof)
        if ((fair.round_id.game_no, fair.round_id.round_no) != (self.game_no, self.round_no)
                or fair.counts != {p: self.dice_left[p] for p in self.in_play}
                or list(fair.seats) != self.in_play):
            raise IllegalAction("Regnskabet hører til en anden runde (the record is another round's)")
        return fair

    def _check_bid(self, bid: Bid) -> None:
        if not isinstance(bid, Bid):
            raise IllegalAction("Et bud skal være et Bid (a bid must be a Bid)")
        problem = face_problem(bid, self.rules)
        if problem is not None:
            raise IllegalAction(problem)
        if bid.quantity > self.cap:
            raise IllegalAction(
                f"Der kan højst bydes {self.cap} (the most this table can show is {self.cap})"
            )
        if self.current_bid is not None and bid_rank(bid, self.rules) <= bid_rank(
                self.current_bid, self.rules):
            raise IllegalAction(
                f"Buddet skal være højere end {self.current_bid} (must raise the current bid)"
            )

    def _next_in_play(self, player: str) -> str:
        """Clockwise from ``player`` among players still holding dice (S5)."""
        seats = self.in_game
        i = seats.index(player)
        for step in range(1, len(seats) + 1):
            p = seats[(i + step) % len(seats)]
            if self.dice_left[p] > 0:
                return p
        raise AssertionError("nobody holds dice")  # S26 makes this impossible

    def _do_bid(self, player: str, bid: Bid) -> None:
        self.bids.append({"player": player, **bid.to_dict()})
        self.current_bid = bid
        self.bidder = player
        if self.rules.peek_once:
            self._locked.add(player)
        self.turn = self._next_in_play(player)
        self._event({"type": "bid", "player": player, **bid.to_dict()})

    def _do_call(self, caller: str) -> Reveal:
        bid, bidder = self.current_bid, self.bidder
        assert bid is not None and bidder is not None
        players = self.in_play
        hands = [self.hands[p] for p in players]
        held = holds(hands, bid, self.rules)
        loser = caller if held else bidder
        if self.rules.classic_call and not held:
            put_away = [caller]  # S23: a correct classic call costs only the caller a die
        else:
            put_away = [p for p in players if p != loser]  # S22
        rings = counting_dice(hands, bid, self.rules)
        reveal = Reveal(
            bid=bid, bidder=bidder, caller=caller, count=counted(hands, bid, self.rules),
            held=held, loser=loser,
            face=bid.face if bid.face is not None else best_face(hands, self.rules),
            hands={p: list(h) for p, h in zip(players, hands)},
            counting=dict(zip(players, rings)), put_away=tuple(put_away),
        )
        self.last_reveal = reveal
        self.turn = None
        self._event({"type": "call", "player": caller})
        self._event({"type": "reveal", **reveal.to_dict(not self.rules.hidden_count)})
        self._score(loser, put_away)
        return reveal

    def _score(self, loser: str, put_away: list[str]) -> None:
        """The end of a round: dice put away, who went out, who starts next, a lost game."""
        for p in put_away:
            self.dice_left[p] -= 1
            self._event({"type": "put_away", "player": p})
        gone = [p for p in put_away if self.dice_left[p] == 0]
        for p in gone:  # S24: out and safe; several share the place
            self.out.append(p)
            self._event({"type": "out", "player": p})
        if gone and not self._first_out:
            self._first_out = gone
        self._next_starter = loser  # S25 / S35
        if len(self.in_play) == 1:  # S26
            self._end_game(self.in_play[0])
        else:
            self.phase = "reveal"

    # --- the road to Viborg (S30–S34) ---------------------------------------------------------------

    def _end_game(self, loser: str) -> None:
        self.phase = "game_over"
        self._event({"type": "game_lost", "player": loser})
        if not self.rules.viborg:  # S34: the loser gives the round at once
            self._lose_completely(loser, selvbinder=False)
            return
        if self.final:  # S32: the final's loser has lost completely
            self._lose_completely(loser, selvbinder=False)
            self._all_home()
            return
        if self.rules.home_by_win:  # S33, before the loss: the winners went out first
            for p in self._seat_sorted(self.viborg):
                if p in self._first_out:
                    self.viborg.discard(p)
                    self._event({"type": "home", "player": p})
        if loser in self.viborg:  # S31
            self._lose_completely(loser, selvbinder=len(self.viborg) == 1)
            self._all_home()
            return
        self.viborg.add(loser)  # S30
        self._event({"type": "to_viborg", "player": loser})
        if self.rules.viborg_final and len(self.viborg) == 2:
            self._final_next = True

    def _lose_completely(self, player: str, selvbinder: bool) -> None:
        self.tally[player] += 1
        if selvbinder:
            self.selvbinder[player] += 1
        self._event({"type": "lost_completely", "player": player, "selvbinder": selvbinder})

    def _all_home(self) -> None:
        for p in self._seat_sorted(self.viborg):
            self._event({"type": "home", "player": p})
        self.viborg = set()

    def _seat_sorted(self, players: set[str] | list[str]) -> list[str]:
        return [p for p in self.players if p in players]

    # --- replay (equality: LoggedTable) ---------------------------------------------------------------------

    @classmethod
    def replay(cls, players: Sequence[str], rules: Rules, log: Sequence[Mapping[str, Any]]) -> Table:
        """Rebuild an equal table from ``log`` (as given by ``table.log``)."""
        start = start_entry(log)
        names = list(check_players(players, 2, MAX_PLAYERS))
        # ``players`` is the table as it is now: the start's players, then each late arrival.
        joined = [e.get("player") for e in log[1:]
                  if isinstance(e, Mapping) and e.get("type") == "join"]
        if (not isinstance(start.get("players"), list) or start["players"] + joined != names
                or not {"rules", "seed", "first"} <= start.keys()
                or Rules.from_dict(start["rules"]) != rules):
            raise IllegalAction(ANOTHER_TABLE)
        table = cls(start["players"], rules, seed=start["seed"], first=start["first"])
        table._replay_entries(log)
        return table

    def _replay_one(self, entry: Mapping[str, Any]) -> None:
        kind = entry.get("type")
        if kind == "deal":
            if entry.get("scripted"):
                self.deal(entry["hands"])
            else:
                self.deal()
                if [list(h) for h in entry["hands"]] != [self.hands[p] for p in self.in_play]:
                    raise IllegalAction("Loggen passer ikke til terningerne (log does not match)")
        elif kind == "bid":
            self.bid(entry["player"], Bid(entry["quantity"], entry["face"]))
        elif kind == "call":
            self.call(entry["player"])
        elif kind == "timeout":
            self.timeout(entry["player"])
        elif kind == "join":
            self.join(entry["player"])
        elif kind == "fair_deal":
            self.deal(hidden=True, known=entry["known"])
            if entry["counts"] != {p: self.dice_left[p] for p in self.in_play}:
                raise IllegalAction("Loggen passer ikke til terningerne (log does not match)")
        elif kind == "reveal_hands":
            self.reveal_hands(entry["hands"], entry.get("proof"))
        elif kind == "forfeit":
            self.forfeit(entry["player"], entry.get("proof"))
        else:
            raise IllegalAction(f"Ukendt post i loggen: {shown(kind)} (unknown log entry)")
