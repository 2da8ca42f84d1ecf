"""Cards in a sentence: a card's name that a template can ask for with its article.

A template writes ``{card}`` for the bare name (``10♠``) or adds a format spec for the
article the language puts before it: ``{card:art}`` gives "il 10♠", "l'8♠", "l'A♠", "la Q♠"
in Italian (the A is an *asso*, the 8 an *otto*, the Q a *donna*; the J and the K, *fante*
and *re*, take "il"), and ``{card:di}``, ``{card:a}``, ``{card:da}`` the article joined to
that preposition ("del 10♠", "dell'8♠", "della Q♠"). A list of cards takes each its own
("il 9♠ e il J♠"). In English the specs give "the", "of the", "to the", "from the".

>>> queen = CardWords("Q♠", "Q", "it")
>>> f"{queen:art} o {CardWords('8♥', '8', 'it'):di}"
"la Q♠ o dell'8♥"
>>> nine_ace = CardListWords([CardWords('9♠', '9', 'it'), CardWords('A♠', 'A', 'it')], ' e ')
>>> f"{nine_ace:art}"
"il 9♠ e l'A♠"
"""

from __future__ import annotations

from collections.abc import Sequence

_ITALIAN_ARTICLES: dict[str, tuple[str, str, str]] = {
    # spec: (before a masculine consonant, before a vowel, feminine)
    "art": ("il ", "l'", "la "),
    "di": ("del ", "dell'", "della "),
    "a": ("al ", "all'", "alla "),
    "da": ("dal ", "dall'", "dalla "),
}
_ITALIAN_VOWEL_RANKS = frozenset({"A", "8"})  # asso, otto
_ITALIAN_FEMININE_RANKS = frozenset({"Q"})  # donna
_ENGLISH_ARTICLES = {"art": "the ", "di": "of the ", "a": "to the ", "da": "from the "}


def article(rank: str, lang: str, spec: str = "art") -> str:
    """The article (joined to a preposition for ``di``, ``a``, ``da``) before a card of
    ``rank`` (``"A"``, ``"2"``... ``"10"``, ``"J"``, ``"Q"``, ``"K"``) in ``lang``."""
    if lang == "it":
        forms = _ITALIAN_ARTICLES[spec]
        if rank in _ITALIAN_FEMININE_RANKS:
            return forms[2]
        return forms[1] if rank in _ITALIAN_VOWEL_RANKS else forms[0]
    return _ENGLISH_ARTICLES[spec]


class CardWords(str):
    """A card's name that formats with its article when a template asks (``{card:art}``)."""

    rank: str
    lang: str

    def __new__(cls, name: str, rank: str, lang: str) -> CardWords:
        made = super().__new__(cls, name)
        made.rank = rank
        made.lang = lang
        return made

    def __format__(self, spec: str) -> str:
        if spec in _ITALIAN_ARTICLES:
            return article(self.rank, self.lang, spec) + str(self)
        return str.__format__(str(self), spec)


class CardListWords(str):
    """Several cards ("9♠ e J♠"), each with its own article when a template asks."""

    cards: tuple[CardWords, ...]
    separator: str
    last_separator: str

    def __new__(cls, cards: Sequence[CardWords], last_separator: str,
                separator: str = ", ") -> CardListWords:
        made = super().__new__(cls, _joined([str(c) for c in cards], separator, last_separator))
        made.cards = tuple(cards)
        made.separator = separator
        made.last_separator = last_separator
        return made

    def __format__(self, spec: str) -> str:
        if spec in _ITALIAN_ARTICLES:
            return _joined([format(c, spec) for c in self.cards], self.separator,
                           self.last_separator)
        return str.__format__(str(self), spec)


def _joined(words: Sequence[str], separator: str, last_separator: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return separator.join(words[:-1]) + last_separator + words[-1]


__all__ = ["CardListWords", "CardWords", "article"]
