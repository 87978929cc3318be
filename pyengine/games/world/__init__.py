"""Rails & Sails (world map): cards and state in ``state.py``, decks and market in ``market.py``,
payments in ``payments.py``, setup/legal/apply in ``rules.py``, refusals in ``explain.py``, views
and scores in ``view.py``, a state from a seat's view in ``sample.py``, the layers together in
``variant.py``; action kinds in ``actions.py``; the map in ``world.json`` (written by
``tools/make_world_data.py``)."""
