"""Bots for Rails & Sails: the planner (easy, normal), the shared information-set search with this
game's prior, playouts and evaluation (hard.py), the four FDG 2017 play styles (baselines) and the
reference opponents."""
