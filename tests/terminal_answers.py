"""How the scripted people at ``gin play`` answer (tests/cli/test_cli_play.py and the golden
saves): from the prompt and the hand last printed, in English or Italian. Draws from the
stock, knocks when it can, else throws its last card."""

from __future__ import annotations

import re

EN_CARD = re.compile(r"(?<![\w♣♦♥♠])([A2-9TJQK][CDHS])(?![\w♣♦♥♠])")
IT_CARD = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")
IT_LETTER = {"♣": "F", "♦": "Q", "♥": "C", "♠": "P"}
"""The suit letters an Italian player types (fiori, quadri, cuori, picche)."""


def shown_hand(line: str, lang: str) -> list[str] | None:
    """The player's cards as they would type them, if ``line`` shows their hand."""
    if not line.startswith("Tu: " if lang == "it" else "You: "):
        return None
    if lang == "it":
        return [r + IT_LETTER[s] for r, s in IT_CARD.findall(line)]
    return EN_CARD.findall(line)


def answer(prompt: str, lang: str, hand: list[str]) -> str:
    it = lang == "it"
    low = prompt.lower()
    if low.startswith(("take the upcard", "prendi la carta scoperta", "two cards left",
                       "nel tallone restano")):
        return "p"
    if low.startswith(("draw from", "peschi dal", "you both passed", "avete passato")):
        return "t" if it else "s"
    if "bussa" in low or "knock" in low:
        return "bussa" if it else "knock"
    if low.startswith(("discard", "scarta")):
        return hand[-1]
    return ""  # arrangement [1], accept the best layoffs
