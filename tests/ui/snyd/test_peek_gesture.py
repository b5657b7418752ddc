from app.snyd.peek_gesture import MAX_LIFT_PX, REVEAL_AT_PX, PeekGesture


def test_touch_swipe_up_lifts_the_cup_with_the_finger_and_reveals_past_the_threshold():
    g = PeekGesture()
    assert g.down("touch", 600)
    assert g.move(590) == 10 and not g.peeking
    assert g.move(600 - REVEAL_AT_PX) == REVEAL_AT_PX and g.peeking
    assert g.move(100) == MAX_LIFT_PX  # never off the felt
    assert g.move(700) == 0 and not g.peeking  # down again: the cup is back on the mat
    g.up()
    assert not g.active and g.lift == 0


def test_mouse_must_hold_the_cup_itself():
    g = PeekGesture()
    assert not g.down("mouse", 500, on_cup=False) and not g.peeking
    assert g.down("mouse", 500, on_cup=True) and g.peeking
    g.move(0)
    assert g.lift == MAX_LIFT_PX  # a mouse does not drag the cup
    g.up()
    assert not g.peeking


def test_kig_button_hold_and_one_gesture_at_a_time():
    g = PeekGesture()
    assert g.down("button", 0)
    assert g.peeking
    assert not g.down("touch", 10)  # a second finger does not restart it
    g.up()
    assert not g.peeking


def test_a_held_cup_is_set_aside_a_swiped_one_follows_the_finger():
    """Issue 17: held (a mouse, Kig) the cup is not lifted over the bid you answer: the screen
    marks the felt `held` and table.css tips the cup into your mat's corner."""
    g = PeekGesture()
    g.down("touch", 500)
    assert not g.aside
    g.up()
    for kind, on_cup in (("mouse", True), ("button", False)):
        assert g.down(kind, 0, on_cup=on_cup) and g.aside
        g.up()
        assert not g.aside
