"""The game in a terminal: the text rendering and the two- and multi-player sessions.
"""
