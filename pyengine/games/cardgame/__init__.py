"""The card game: cards and state in ``state.py``, ticket completion in ``solver.py``, tables and
scores in ``scoring.py``, setup/legal/apply in ``rules.py``, refusals in ``explain.py``, views in
``view.py``, a state from a seat's view in ``sample.py``, the layers together in ``variant.py``;
the action kind in ``actions.py``; card data loading in ``data.py``, the cards in
``cardgame.json`` (written by ``tools/make_cardgame_data.py``)."""
