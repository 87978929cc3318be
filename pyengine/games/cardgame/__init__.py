"""The card game: action kinds in ``actions.py``, card data loading in ``data.py``, rules in
``rules.py``, the cards in ``cardgame.json`` (written by ``tools/make_cardgame_data.py``)."""
