"""The classic game (North America): cards, state and rules in ``rules.py``, views and scores in
``view.py``, a state from a seat's view in ``sample.py``, the layers together in ``variant.py``;
the map in ``usa.json`` (written by ``tools/make_usa_data.py``)."""
