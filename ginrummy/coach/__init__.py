"""Help for a player: hints for the move to make and the analysis of a hand.
"""
