"""Bots for the classic game: ticket planner (easy), filler planner (normal), sampling search
and look-ahead (hard), the four FDG 2017 play styles (baselines)."""
