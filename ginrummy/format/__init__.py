"""What a game looks like outside the program: JSON records, the text notation, and the
provably fair derivation of each deck from its seeds.
"""
