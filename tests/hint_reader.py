"""Read a hint's text as a player does and check every comparison it states.

:func:`stated_comparisons` finds, in the English or Italian text of one reason, each phrase
that compares two numbers ("12, less than the 14.3 a stock card leaves", "meno punti morti
(63 contro 71)", "scendono da 31 a 21") and returns the two numbers with the comparison the
words state; :func:`unread_comparatives` names the comparative words left once those phrases
(and the comparisons of safety, which carry no number) are taken out, so a new phrase that
compares cannot slip past the reader. The reader knows nothing of the hint's code: it reads
the words only.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

Compare = Callable[[float, float], bool]

_EN_NUM = r"(-?\d+(?:\.\d+)?)"
_IT_NUM = r"(-?\d+(?:,\d+)?)"
_CARD = r"\S+"

# (pattern, comparison of the first number with the second)
_EN: list[tuple[str, Compare]] = [
    (rf"{_EN_NUM}, less than the {_EN_NUM} a stock card", operator.lt),
    (rf"less deadwood on average:? \(?{_EN_NUM} against {_EN_NUM}", operator.lt),
    (rf"would leave less deadwood \({_EN_NUM} against {_EN_NUM}\)", operator.lt),
    (rf"leaves deadwood {_EN_NUM}, more than discarding {_CARD} \({_EN_NUM}\)", operator.gt),
    (rf"does not bring your deadwood below a stock card's average \({_EN_NUM} against "
     rf"{_EN_NUM}\)", operator.ge),
    (rf"improve more with the next draw: deadwood {_EN_NUM} on average after it, against "
     rf"{_EN_NUM}", operator.lt),
    (rf"goes from {_EN_NUM} to {_EN_NUM}", operator.gt),
    (rf"from {_EN_NUM} down to {_EN_NUM}", operator.gt),
    (rf"does better: {_EN_NUM} points expected, against {_EN_NUM}", operator.gt),
    (rf"wins more often: {_EN_NUM}% of hands, against {_EN_NUM}%", operator.gt),
    (rf"deadwood {_EN_NUM}, within the limit of {_EN_NUM}", operator.le),
    (rf"deadwood {_EN_NUM}, over the limit of {_EN_NUM}", operator.gt),
    (rf"with deadwood {_EN_NUM} \(limit {_EN_NUM}\)", operator.le),
]
_IT: list[tuple[str, Compare]] = [
    (rf"{_IT_NUM} punti morti, meno della media di una carta del tallone \({_IT_NUM}\)",
     operator.lt),
    (rf"in media meno punti morti:? \(?{_IT_NUM} contro {_IT_NUM}", operator.lt),
    (rf"avresti meno punti morti \({_IT_NUM} contro {_IT_NUM}\)", operator.lt),
    (rf"restano {_IT_NUM} punti morti, più che scartando {_CARD}(?: {_CARD})? \({_IT_NUM}\)",
     operator.gt),
    (rf"non porta i punti morti sotto la media di una carta del tallone \({_IT_NUM} contro "
     rf"{_IT_NUM}\)", operator.ge),
    (rf"migliorano di più con la prossima pescata: dopo di essa hai in media {_IT_NUM} punti "
     rf"morti, contro {_IT_NUM}", operator.lt),
    (rf"scendono da {_IT_NUM} a {_IT_NUM}", operator.gt),
    (rf"da {_IT_NUM} scendi a {_IT_NUM}", operator.gt),
    (rf"rende di più: {_IT_NUM} punti attesi, contro {_IT_NUM}", operator.gt),
    (rf"vince più spesso: il {_IT_NUM}% delle mani, contro il {_IT_NUM}%", operator.gt),
    (rf"{_IT_NUM} punti morti, entro il limite di {_IT_NUM}", operator.le),
    (rf"{_IT_NUM} punti morti, oltre il limite di {_IT_NUM}", operator.gt),
    (rf"bussare con {_IT_NUM} punti morti \(limite {_IT_NUM}\)", operator.le),
    (rf"con {_IT_NUM} punti morti \(limite {_IT_NUM}\) puoi bussare", operator.le),
]

# Comparisons with no number: of safety, or what the search found (its figures follow).
_WORDS_WITHOUT_NUMBERS = {
    "en": [r"safer than", r"safer", r"waiting for gin looks better", r"the least deadwood",
           r"the least you can have", r"does as well as", r"with the fewest cards"],
    "it": [r"più sicura", r"rischi meno", r"conviene aspettare", r"il minimo di punti morti",
           r"il minimo possibile", r"rende quanto", r"il minor numero"],
}
_COMPARATIVES = {
    "en": r"\b(less|more|lower|higher|below|above|better|worse|fewer|than|over|within|"
          r"down|up)\b",
    "it": r"\b(meno|più|meglio|peggio|sotto|sopra|oltre|entro|scendono|scendi|salgono|"
          r"minimo|massimo)\b",
}


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def stated_comparisons(text: str, lang: str) -> list[tuple[float, Compare, float]]:
    """Each comparison of two numbers that ``text`` states, as ``(a, compare, b)``."""
    found = []
    for pattern, compare in (_EN if lang == "en" else _IT):
        for match in re.finditer(pattern, text, re.IGNORECASE):
            found.append((_number(match.group(1)), compare, _number(match.group(2))))
    return found


def unread_comparatives(text: str, lang: str) -> list[str]:
    """Comparative words of ``text`` outside the phrases the reader knows."""
    rest = text
    for pattern, _ in (_EN if lang == "en" else _IT):
        rest = re.sub(pattern, " ", rest, flags=re.IGNORECASE)
    for pattern in _WORDS_WITHOUT_NUMBERS[lang]:
        rest = re.sub(pattern, " ", rest, flags=re.IGNORECASE)
    return re.findall(_COMPARATIVES[lang], rest, re.IGNORECASE)
