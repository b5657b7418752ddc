from app.snyd.tally_board import TallyRow, rounds_given, tally_rows


def test_rows_in_seat_order_with_strokes_selvbinder_and_viborg():
    view = {"players": ["Mette", "Henning", "Bo"], "tally": {"Henning": 2, "Mette": 0, "Bo": 1},
            "selvbinder": {"Henning": 1, "Mette": 0, "Bo": 0}, "viborg": ["Bo"]}
    rows = tally_rows(view)
    assert [r.player for r in rows] == ["Mette", "Henning", "Bo"]
    assert [r.strokes for r in rows] == [0, 2, 1]
    assert [r.selvbinder for r in rows] == [0, 1, 0]
    assert [r.in_viborg for r in rows] == [False, False, True]
    assert rounds_given(rows) == 3


def test_marks_group_in_fives():
    assert TallyRow("a", 0, 0, False).marks == ""
    assert TallyRow("a", 3, 0, False).marks == "|||"
    assert TallyRow("a", 5, 0, False).marks == "||||/"
    assert TallyRow("a", 7, 0, False).marks == "||||/ ||"
