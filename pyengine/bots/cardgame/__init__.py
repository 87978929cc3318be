"""Bots for the card game: the planner (easy, normal), the sampling search (hard), the four FDG
2017 play styles (baselines)."""
