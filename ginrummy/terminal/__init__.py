"""The game in a terminal: one session for every seating (session.py), the person's turn
(person.py), reading their moves (moves.py), and the text rendering (screen.py, scores.py,
opening.py).
"""
