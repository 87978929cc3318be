"""Bots for Rails & Sails: the planner (easy, normal), the sampling search (hard), the four FDG
2017 play styles (baselines)."""
