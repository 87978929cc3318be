"""Rails & Sails (world map): action kinds in ``actions.py``, rules in ``rules.py``, the map in
``world.json`` (written by ``tools/make_world_data.py``)."""
