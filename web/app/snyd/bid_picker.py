"""The bid picker's legal choices (S5, S6, S17, S18), from the engine's `raises` only.

The picker has two parts, a quantity and a face. It never offers a bid that is not a
legal raise of the current bid: the quantities are those with at least one legal raise,
and for the chosen quantity the faces are exactly the legal ones.
"""
from __future__ import annotations

from dataclasses import dataclass

from app import lang
from app.lang import t
from app.shell.both_languages import both

from engine.snyd import Bid, Rules
from engine.snyd.bid import raises
from engine.snyd.speech import face_word, number

PIPS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
OF_A_KIND = "slags"  # the face value the picker uses for "af en slags" (face None)


def face_key(face: int | None) -> str:
    return OF_A_KIND if face is None else str(face)


def face_from_key(key: str) -> int | None:
    return None if key == OF_A_KIND else int(key)


def face_label(face: int | None, quantity: int = 2) -> str:
    if face is None:
        return t("snyd.picker.of_a_kind")
    return f"{PIPS[face]} {face_word(face, quantity, lang=lang.language())}"


@dataclass(frozen=True)
class Choice:
    """A legal bid as the picker shows it."""
    quantity: int
    face: int | None

    def action(self) -> dict:
        return {"type": "bid", "quantity": self.quantity, "face": self.face}


class BidPicker:
    """The legal raises for one view, and the picker's current selection."""

    def __init__(self, legal: list[Bid]):
        self.legal = [Choice(b.quantity, b.face) for b in legal]  # ascending rank (engine order)
        self.selected: Choice | None = self.legal[0] if self.legal else None

    @staticmethod
    def for_view(view: dict) -> BidPicker:
        """Choices for the seat of `view`: empty unless that seat may bid now."""
        if not view.get("can_bid"):
            return BidPicker([])
        rules = Rules.from_dict(view["rules"])
        cur = view.get("current_bid")
        current = Bid(cur["quantity"], cur.get("face")) if cur else None
        return BidPicker(raises(current, rules, view["max_quantity"]))

    def quantities(self) -> list[int]:
        return sorted({c.quantity for c in self.legal})

    def faces(self, quantity: int | None = None) -> list[int | None]:
        """Legal faces for a quantity (default: the selected one), in rank order."""
        q = self.selected.quantity if quantity is None and self.selected else quantity
        return [c.face for c in self.legal if c.quantity == q]

    def choose_quantity(self, quantity: int) -> Choice:
        """Select a quantity; keeps the face if still legal, else the lowest legal face."""
        faces = self.faces(quantity)
        if not faces:
            raise ValueError(both("snyd.error.quantity", n=quantity))
        face = self.selected.face if self.selected and self.selected.face in faces else faces[0]
        self.selected = Choice(quantity, face)
        return self.selected

    def choose_face(self, face: int | None) -> Choice:
        if self.selected is None or face not in self.faces():
            raise ValueError(both("snyd.error.raise"))
        self.selected = Choice(self.selected.quantity, face)
        return self.selected

    def quantity_options(self) -> list[tuple[str, str]]:
        """(value, label) pairs for the quantity part."""
        code = lang.language()
        return [(str(q), t("snyd.picker.quantity_option", n=q, word=number(q, lang=code)))
                for q in self.quantities()]

    def face_options(self) -> list[tuple[str, str]]:
        """(value, label) pairs for the face part at the selected quantity."""
        q = self.selected.quantity if self.selected else 2
        return [(face_key(f), face_label(f, q)) for f in self.faces()]


def chance_of(view: dict, choice: Choice) -> float | None:
    """S42: the chance that the raise being chosen holds, from own dice and the others' counts.

    None when the view cannot say (no own dice shown, or counts hidden under Skjult antal).
    """
    if not view.get("my_dice") or "dice_left" not in view:
        return None
    from engine.snyd.odds import chance
    others = [n for p, n in view["dice_left"].items() if p != view["me"] and p in view["in_play"]]
    return chance({"quantity": choice.quantity, "face": choice.face}, view["my_dice"], others,
                  Rules.from_dict(view["rules"]))
