"""Number words 0–100 in Danish and English, as the table says them.

>>> danish(21), danish(1, neuter=True), danish(75)
('enogtyve', 'et', 'femoghalvfjerds')
>>> english(21), english(40), english(100)
('twenty-one', 'forty', 'one hundred')
"""
from __future__ import annotations

_DA_UNITS = ("nul", "en", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti",
             "elleve", "tolv", "tretten", "fjorten", "femten", "seksten", "sytten", "atten",
             "nitten")
# Danish tens are vigesimal from 50 up: halvtreds = 2.5 x 20, tres = 3 x 20 ...
_DA_TENS = {20: "tyve", 30: "tredive", 40: "fyrre", 50: "halvtreds", 60: "tres",
            70: "halvfjerds", 80: "firs", 90: "halvfems"}

_EN_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen")
_EN_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy",
            80: "eighty", 90: "ninety"}


def danish(n: int, neuter: bool = False) -> str:
    """1 -> "en" (or "et" when neuter), 21 -> "enogtyve", 100 -> "hundrede" (n: 0–100, checked
    by the caller)."""
    if n == 1:
        return "et" if neuter else "en"
    if n < 20:
        return _DA_UNITS[n]
    if n < 100:
        tens, unit = divmod(n, 10)
        word = _DA_TENS[tens * 10]
        # "enogtyve": the unit comes first, joined by "og"; the unit is "en" in either gender.
        return f"{_DA_UNITS[unit]}og{word}" if unit else word
    return "hundrede"


def english(n: int) -> str:
    """1 -> "one", 21 -> "twenty-one", 100 -> "one hundred" (n: 0–100, checked by the caller)."""
    if n < 20:
        return _EN_UNITS[n]
    if n < 100:
        tens, unit = divmod(n, 10)
        word = _EN_TENS[tens * 10]
        return f"{word}-{_EN_UNITS[unit]}" if unit else word
    return "one hundred"
