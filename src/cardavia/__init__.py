"""Cardavia: living card and tile traditions, their rules, and tables to play them at."""

__version__ = "0.1.0"
