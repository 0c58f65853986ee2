"""Pure, seedable game engines: one package per game, sharing the contracts in this package.

Nothing under ``cardavia.games`` does I/O, reads a clock or uses the global random generator:
a deal is a function of its seed, its options and the actions applied to it.
"""
