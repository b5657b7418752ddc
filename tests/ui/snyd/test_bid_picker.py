import pytest
from app.snyd.bid_picker import BidPicker, face_from_key, face_key

from engine.snyd import Bid, Rules, is_raise


def view(rules: Rules, current=None, cap=12, can_bid=True):
    return {"rules": rules.to_dict(), "current_bid": current, "max_quantity": cap, "can_bid": can_bid}


def test_opening_offers_every_legal_bid_and_no_ones_under_jokers():
    p = BidPicker.for_view(view(Rules()))
    assert p.quantities() == list(range(1, 13))
    assert p.faces(1) == [2, 3, 4, 5, 6]
    assert p.selected.quantity == 1 and p.selected.face == 2


def test_only_raises_above_the_current_bid():
    r = Rules()
    p = BidPicker.for_view(view(r, {"quantity": 5, "face": 5}))
    assert p.quantities()[0] == 5
    assert p.faces(5) == [6]
    assert p.faces(6) == [2, 3, 4, 5, 6]
    for q in p.quantities():
        for f in p.faces(q):
            assert is_raise(Bid(q, f), Bid(5, 5), r)
    assert (p.selected.quantity, p.selected.face) == (5, 6)


def test_cap_limits_quantities():
    p = BidPicker.for_view(view(Rules(), {"quantity": 4, "face": 6}, cap=5))
    assert p.quantities() == [5]


def test_of_a_kind_ranks_below_the_lowest_face_and_ones_biddable_without_jokers():
    r = Rules.preset("slags")
    p = BidPicker.for_view(view(r, {"quantity": 3, "face": 6}))
    assert p.faces(4)[0] is None and p.faces(4)[1:] == [2, 3, 4, 5, 6]
    p.choose_quantity(4)
    assert p.face_options()[0] == ("slags", "af en slags")
    r2 = Rules(jokers=False)
    assert BidPicker.for_view(view(r2)).faces(1)[0] == 1


def test_changing_quantity_keeps_a_legal_face_or_takes_the_lowest():
    p = BidPicker.for_view(view(Rules(), {"quantity": 5, "face": 5}))
    p.choose_quantity(6)
    p.choose_face(4)
    p.choose_quantity(7)
    assert (p.selected.quantity, p.selected.face) == (7, 4)
    p2 = BidPicker.for_view(view(Rules(), {"quantity": 5, "face": 3}))
    p2.choose_quantity(6)
    p2.choose_face(2)
    p2.choose_quantity(5)  # 5 toere is not a raise of 5 treere
    assert (p2.selected.quantity, p2.selected.face) == (5, 4)


def test_illegal_choices_refused_and_selection_unchanged():
    p = BidPicker.for_view(view(Rules(), {"quantity": 5, "face": 5}))
    before = p.selected
    with pytest.raises(ValueError):
        p.choose_quantity(4)
    with pytest.raises(ValueError):
        p.choose_face(1)
    assert p.selected == before


def test_no_choices_when_the_seat_may_not_bid():
    p = BidPicker.for_view(view(Rules(), can_bid=False))
    assert p.quantities() == [] and p.selected is None


def test_option_labels_and_keys():
    p = BidPicker.for_view(view(Rules.preset("slags")))
    keys = [k for k, _ in p.face_options()]
    assert keys == ["slags", "2", "3", "4", "5", "6"]
    assert dict(p.face_options())["5"] == "⚄ femmer"  # en femmer
    p.choose_quantity(3)
    assert dict(p.face_options())["5"] == "⚄ femmere"  # tre femmere
    p.choose_quantity(1)
    assert face_from_key(face_key(None)) is None and face_from_key("4") == 4
    assert p.selected.action() == {"type": "bid", "quantity": 1, "face": None}
