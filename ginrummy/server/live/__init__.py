"""The games being played: live tables in memory, their command queues, the computer's
moves, the lobby that creates and loads them, rematches.
"""
