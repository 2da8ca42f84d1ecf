"""Checks an operator runs over stored games (``gin serve --verify-records``): the chain of
records against the logs (:mod:`.chain`) and every stored deck against its seeds.
"""
