"""The rules core: cards, melds, rules, actions, a hand, views, results, games and tables.

Pure: no I/O, no clock, no global random state, no message catalogue, no NumPy
(checked by ``lint-imports``). Everything above builds on these modules.
"""
