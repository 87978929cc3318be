"""The classic game (North America): state, rules, scoring and view in ``rules.py``, the map in
``usa.json`` (written by ``tools/make_usa_data.py``)."""
