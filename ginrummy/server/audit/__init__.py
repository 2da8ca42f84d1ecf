"""Checks an operator runs over stored games (``gin serve --verify-records``).
"""
