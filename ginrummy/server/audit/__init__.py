"""Checks an operator runs over stored games (``gin serve --verify-records``): the chain of
records against the logs (:mod:`.chain`) and every stored deck against its seeds; and the
fair-play figures of rated games (``gin admin fair-play``: :mod:`.fair_play`, the analysis,
and :mod:`.fair_play_report`, the report).
"""
