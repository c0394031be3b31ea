import dataclasses

import pytest
from hypothesis import given, strategies as st

from crib_stats.core.cards import DECK, Card, CardError, check_disjoint, encode, format_cards, parse, parse_n


@pytest.mark.parametrize(
    "text",
    ["5h", "5H", "5♥", "5♡", " 5h ", "5h,", "5 h".replace(" ", "")],
)
def test_one_card_forms(text):
    assert parse(text) == (Card(4, 2),)


@pytest.mark.parametrize("text", ["10h", "Th", "tH", "TH", "10♥"])
def test_ten_forms(text):
    assert parse(text) == (Card(9, 2),)


def test_lists_separators_and_runs():
    expected = (Card(4, 2), Card(4, 0), Card(4, 3), Card(10, 1))
    assert parse("5h 5c 5s jd") == expected
    assert parse("5h,5c, 5s ,jd") == expected
    assert parse("5h5c5sjd") == expected
    assert parse("5h5c 5sjd") == expected
    assert parse(["5h", "5c5s", Card(10, 1)]) == expected
    assert parse("10h10c") == (Card(9, 2), Card(9, 0))


def test_codes_and_format():
    assert [c.code for c in parse("ac 2d kh ks")] == [0, 5, 50, 51]
    assert format_cards(parse("ac 10d ks")) == "A♣ 10♦ K♠"
    assert format_cards(parse("ac 10d ks"), ascii=True) == "AC 10D KS"
    assert encode(parse("ac ks")).tolist() == [0, 51]
    assert Card.from_code(51) == Card.parse("KS")
    assert [c.pip for c in parse("a 5 10 j q k".replace(" ", "c ") + "c")] == [1, 5, 10, 10, 10, 10]


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("5x", "cannot read '5x': no suit 'x' after the rank 5; suits are C D H S"),
        ("1h", "cannot read '1h': no rank 1 (use A for an ace); ranks are A 2 3 4 5 6 7 8 9 10 J Q K"),
        ("11h", "cannot read '11h': no rank 11; ranks are A 2 3 4 5 6 7 8 9 10 J Q K"),
        ("ten", "cannot read 'ten': no suit 'e' after the rank T (10); suits are C D H S"),
        ("5h/5c/5s/jd", "cannot read '5h/5c/5s/jd': '/' does not separate cards: use spaces or commas"),
        ("zz", "cannot read 'zz': no rank 'z'; ranks are A 2"),
        ("5", "cannot read '5': rank 5 has no suit; suits are C D H S"),
        ("5h 5h", "duplicate card 5♥ (given twice)"),
        ("10h th", "duplicate card 10♥ (given twice)"),
        ("jd5", "cannot read 'jd5': rank 5 has no suit"),
    ],
)
def test_errors_name_the_token(text, fragment):
    with pytest.raises(CardError) as info:
        parse(text)
    msg = str(info.value)
    assert fragment in msg
    assert "\n" not in msg


def test_error_lists_accepted_forms():
    with pytest.raises(CardError, match="e.g. 5h 5♥ 10h Th"):
        parse("5q")


def test_wrong_count_and_overlap():
    with pytest.raises(CardError, match="needs 4 cards, got 3"):
        parse_n("5h 5c 5s", 4, "hand")
    with pytest.raises(CardError, match="starter 5♥ is also in the hand"):
        check_disjoint(parse("5h 5c"), parse("5h"), "hand", "starter")


def test_card_is_immutable_and_ordered():
    c = Card(0, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.rank = 3  # type: ignore[misc]
    assert sorted(DECK) == list(DECK)
    with pytest.raises(CardError):
        Card(13, 0)


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=8), st.booleans())
def test_parse_format_round_trip(cards, ascii_form):
    assert parse(format_cards(cards, ascii=ascii_form)) == tuple(cards)
    assert parse("".join(c.ascii for c in cards)) == tuple(cards)


@given(st.text(max_size=12))
def test_malformed_input_raises_only_card_error(text):
    try:
        parse(text)
    except CardError as exc:
        assert "\n" not in str(exc)
