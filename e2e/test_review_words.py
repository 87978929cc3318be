"""Player review (issue 13), first impressions and words: the page is dark from its first frame
(no beige flash before the styles arrive) and speaks the player's language while loading."""
from __future__ import annotations

import struct
import zlib

import pytest
from playwright.sync_api import Page, Route

from e2e.test_review_choices import SIZES


def pixel(png: bytes) -> tuple[int, int, int]:
    """The first pixel of a PNG screenshot (8-bit RGB or RGBA, as Chromium writes them)."""
    pos, idat, width, kind = 8, b"", 0, 6
    while pos < len(png):
        length, tag = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, _, depth, kind = struct.unpack(">IIBB", data[:10])
            assert depth == 8
        elif tag == b"IDAT":
            idat += data
        pos += 12 + length
    raw = zlib.decompress(idat)
    assert raw[0] == 0 or width == 1  # the first row's first pixel has no left or upper neighbour
    return raw[1], raw[2], raw[3]


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_the_first_frame_is_dark_before_the_styles_arrive(page: Page, server, size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    held: list[Route] = []
    page.context.route("**/*.css", lambda route: held.append(route))  # no style sheet yet
    page.goto(server.url + "?botDelay=0", wait_until="commit")
    page.wait_for_function("() => document.body !== null")
    r, g, b = pixel(page.screenshot(clip={"x": size[0] - 3, "y": size[1] - 3, "width": 1, "height": 1}, animations="disabled"))
    assert max(r, g, b) < 80, (r, g, b)  # dark, not the browser's white or a beige page
    for route in held:
        route.continue_()
    page.context.unroute("**/*.css")
