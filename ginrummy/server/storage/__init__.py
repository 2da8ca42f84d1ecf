"""The database and what it keeps: schema and migrations, the log of every game and its
replay, the chain of finished records, seeds, tokens, the one-server lease.
"""
