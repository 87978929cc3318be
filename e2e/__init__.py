"""Browser (end-to-end) tests of the built app in dist/; see conftest.py."""
