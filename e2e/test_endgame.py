"""The end of a game (issue 13) and the Hint button (issue 16), at 1280×800 and on a 390×844 phone:
statistics from the engine's Game.stats, the review of the person's moves, the local history
(robust to damaged storage), finished games kept as replays, the longest path and every ticket
drawn on the map, and a hint from the seat's own view. Screenshots go to e2e/artifacts/."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Page

from e2e.helpers import keep_tickets, points_text, wait_for_app_state
from pyengine import api
from pyengine.bots import bot_action
from pyengine.game import Game

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SEATS = [
    {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
    {"name": "Bot", "kind": "bot", "bot": "easy", "color": "blue"},
]
# A table of four with longer names: its statistics are wider than a phone's box.
SEATS4 = [
    {"name": "Annemarie", "kind": "human", "bot": None, "color": "red"},
    {"name": "Bartholomew", "kind": "bot", "bot": "easy", "color": "blue"},
    {"name": "Cornelius", "kind": "bot", "bot": "easy", "color": "green"},
    {"name": "Dorothea", "kind": "bot", "bot": "easy", "color": "yellow"},
]
SAVE_ID = "e2e-finished-1"
# The person may act: the opening choices, or a turn with more than one move (the Hint is offered).
MY_TURN = """() => { const a = document.getElementById('app').dataset;
  const s = window.__railtrip?.state?.();
  return a.busy === 'false' && (['choose-tickets', 'choose-pieces'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && s && s.legal.length > 1)); }"""


@cache
def finished(
    variant: str, players: int = 2, first_bot: str = "easy"
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """A finished game of easy bots (2 players unless told; seat 0 plays ``first_bot``): its
    record (seat 0 shown as the person), stats, scores."""
    game = Game.new(variant, players=players, seed=31)
    while not game.is_over:
        game.apply(bot_action(game, first_bot if game.current_player == 0 else "easy"))
    return game.record({"seats": (SEATS4 if players > 2 else SEATS)[:players]}), game.stats(), game.scores()


def open_finished(
    page: Page,
    server,
    variant: str,
    size: str | tuple[int, int],
    history: str | None = None,
    players: int = 2,
    review: list[dict[str, Any]] | None = None,
    query: str = "",
    first_bot: str = "easy",
) -> None:
    """Stores the finished game as this tab's save (and `history` as the stored history, `review`
    as the steps of a review of seat 0's moves kept with it), reloads. `size` is a key of SIZES or
    a (width, height); `query` adds URL parameters."""
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size] if isinstance(size, str) else size)))
    page.goto(server.url + "?botDelay=0" + query)
    assert wait_for_app_state(page, "ready", "error") == "ready"
    record = finished(variant, players, first_bot)[0]
    settings = {
        "variant": variant,
        "players": players,
        "seed": record["seed"],
        "seats": record["meta"]["seats"],
        "speed": "instant",
        "saveId": SAVE_ID,
    }
    kept = review and {"seat": 0, "plies": len(record["actions"]), "bot": "hard", "steps": review}
    page.evaluate(
        """([id, entry, history, review]) => {
        localStorage.setItem('railtrip.save.' + id, JSON.stringify(entry));
        if (history !== null) localStorage.setItem('railtrip.history.v1', history);
        if (review) localStorage.setItem('railtrip.review.' + id, JSON.stringify(review));
        sessionStorage.setItem('railtrip.session.game', id); }""",
        [SAVE_ID, {"record": record, "settings": settings, "turn": 3, "savedAt": 1}, history, kept],
    )
    page.reload()
    page.wait_for_selector("#app[data-ui-state=game-over]")
    page.wait_for_selector("[data-testid=end-stats]")


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_a_negative_total_is_written_with_a_minus_and_the_routes_count_says_what_it_counts(
    page: Page, server, variant: str
) -> None:
    """A total below zero reads "−29", as the Tickets − column writes its numbers (it read "-29"
    with a hyphen); the count beside the route points says what it counts: "37 (17 routes)"."""
    open_finished(page, server, variant, "desktop", first_bot="random")
    scores = finished(variant, first_bot="random")[2]
    assert scores[0]["total"] < 0  # a random player's failed tickets
    words = {"en": ("route", "routes"), "de": ("Strecke", "Strecken")}
    for lang in ("en", "de"):
        if lang == "de":  # the end screen is a modal dialog: the language is switched by a reload
            page.evaluate("() => localStorage.setItem('railtrip.lang', 'de')")
            page.reload()
        page.wait_for_selector(f"html[lang={lang}] [data-testid=final-scores]")
        for sc in scores:
            seat, n = sc["seat"], sc["routes_claimed"]
            assert page.text_content(f"[data-testid=final-total-{seat}]") == points_text(sc["total"])
            routes = page.inner_text(f"[data-testid=final-routes-{seat}]")  # the world's: "+66"
            assert routes.endswith(f"{sc['routes']} ({n} {words[lang][n != 1]})"), routes
            lines = page.locator(f"[data-testid=final-routes-{seat}]").evaluate(LINES)
            assert lines == 1, routes  # "+119 (18" over "routes)" in a crowded table
        if lang == "en":
            check_the_map_after_the_end(page, variant, scores)
    assert points_text(scores[0]["total"]).startswith("−")


# The lines an element's text takes: 1 when its text's boxes share a line (a smaller font's box
# sits a few px lower), else 2 (a second line starts a line's height down).
LINES = """e => { const r = document.createRange(); r.selectNodeContents(e);
  const mids = [...r.getClientRects()].map((b) => (b.top + b.bottom) / 2);
  return Math.max(...mids) - Math.min(...mids) < 8 ? 1 : 2; }"""


def check_the_map_after_the_end(page: Page, variant: str, scores: list[dict[str, Any]]) -> None:
    """The map after the end ("View the map"): the players' totals as the table writes them, the
    Routes tab says the game is over (not "no route can be claimed now" and how to claim one), and
    the person's classic tickets not done are missed (they read "40 open")."""
    page.click("[data-testid=view-board]")
    page.wait_for_selector("[data-testid=show-scores]")
    for sc in scores:
        assert page.inner_text(f"[data-testid=player-score-{sc['seat']}]") == points_text(sc["total"])
    page.click("[data-testid=tab-routes]")
    assert page.inner_text("[data-testid=route-none]") == "The game is over: no more routes are claimed."
    assert page.is_hidden("[data-testid=routes-help]")
    summary = page.text_content("[data-testid=ticket-sum]") or ""
    if variant == "usa":
        assert summary.endswith(" missed") and "−" in summary and "open" not in summary, summary
    else:  # Rails & Sails counts every ticket's value, done or not: "0/4 connected · −121 in the end"
        assert "−" in summary and "-" not in summary and summary.endswith(" in the end"), summary
    # Another language rebuilds the screen: the scores stay one click away, the end stays drawn
    # (the button went for good, and the map lost its ticket lines).
    drawn = "() => window.__railtrip.board.state.endTickets?.length ?? 0"
    tickets = page.evaluate(drawn)
    assert tickets > 0
    page.click("[data-testid=lang-de]")
    page.wait_for_selector("[data-testid=show-scores]:text-is('Wertung zeigen')")
    assert page.evaluate(drawn) == tickets
    page.click("[data-testid=lang-en]")
    page.click("[data-testid=show-scores]")
    page.wait_for_selector("[data-testid=game-over]")


def play_draws(page: Page, moves: int, first: bool, on_dialog: Any = None) -> None:
    """Plays the person's opening choices (every offered ticket or the proposed mix) and then `moves`
    card draws (the first or the last draw listed), whatever the bot does between."""
    while moves:
        page.wait_for_function(MY_TURN)
        ui = page.get_attribute("#app", "data-ui-state")
        if on_dialog and ui in ("choose-tickets", "choose-pieces"):
            on_dialog(ui)
        if ui == "choose-tickets":
            keep_tickets(page)
        elif ui == "choose-pieces":
            page.click("[data-testid=pieces-confirm]")
        elif ui == "playing":
            legal = page.evaluate("() => window.__railtrip.state().legal")
            draws = [a["text"] for a in legal if a["kind"] in ("draw", "take")]
            page.evaluate(
                "t => window.__railtripAct(t)",
                (draws[0] if first else draws[-1]) if draws else legal[0]["text"],
            )
            moves -= 1
        else:
            raise AssertionError(f"unexpected screen {ui}")
        page.wait_for_selector("#app[data-busy=false]")


def check_scores_and_statistics(page: Page, snapshot, variant: str, size: str) -> None:
    """The final scores fit their box and the statistics are the engine's, at this size."""
    _, stats, scores = finished(variant)
    snapshot(page, f"{variant}-{size}-end")
    # The final scores fit their box at both sizes (on a phone each player is a card): no column,
    # the Total included, is cut off or needs sideways scrolling.
    table = page.locator("[data-testid=final-scores]")
    assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth + 1")
    wrap = table.evaluate("t => t.parentElement.getBoundingClientRect().right")
    for cell in table.locator("tbody td, tbody th").all():
        box = cell.bounding_box()
        assert box is None or box["x"] + box["width"] <= wrap + 1, (cell.inner_text(), box, wrap)
    # The score chart's labels are readable at both sizes (a phone drew them at 6 px).
    label = page.eval_on_selector_all(
        "[data-testid=score-chart] .tick",
        "els => Math.min(...els.map((e) => e.getBoundingClientRect().height))",
    )
    assert label >= 10, label
    # Statistics: the engine's fields, shown as they are.
    for st in stats:
        seat = st["seat"]
        assert page.inner_text(f"[data-testid=stats-blind-{seat}]") == str(st["blind"])
        assert page.inner_text(f"[data-testid=stats-ticketDraws-{seat}]") == str(st["ticket_draws"])
        if variant != "cardgame":
            assert page.inner_text(f"[data-testid=stats-routes-{seat}]") == str(st["routes"])
        shown = page.eval_on_selector_all(
            f"[data-testid^=stats-points-][data-testid$='-{seat}']",
            "els => els.map((e) => Number(e.dataset.value))",
        )
        assert sum(shown) == scores[seat]["total"]
    page.locator("[data-testid=end-extras]").scroll_into_view_if_needed()
    snapshot(page, f"{variant}-{size}-stats")
    # Every player's column is in view (2 players): the statistics do not scroll sideways.
    last = page.locator(f"[data-testid=stats-blind-{len(stats) - 1}]").bounding_box()
    assert last["x"] + last["width"] <= SIZES[size][0], last


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_the_end_screen_keeps_its_buttons_in_view_in_a_short_window(
    page: Page, server, snapshot, variant
) -> None:
    """A laptop's window (1366x657) is shorter than the end screen: it scrolls inside, and its
    buttons (new game, same deal, ...) stay at its foot, in view without scrolling, on one band;
    scrolled to the end, nothing is left under them."""
    size = (1366, 657)
    open_finished(page, server, variant, size)
    dialog = page.locator("[data-testid=game-over]")
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")  # taller than the window allows
    frame = dialog.bounding_box()
    assert frame and frame["y"] + frame["height"] <= size[1]
    for testid in ("new-game", "same-deal", "download-record"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box and box["y"] >= frame["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"], (
            testid,
            box,
            frame,
        )
    snapshot(page, f"end-laptop-{variant}")
    dialog.evaluate("d => { d.scrollTop = d.scrollHeight; }")
    band = page.locator("[data-testid=game-over] .end-actions").bounding_box()
    extras = page.locator("[data-testid=end-extras]").bounding_box()
    assert band and extras and extras["y"] + extras["height"] <= band["y"] + 0.5, (extras, band)
    same_deal_name(page)
    # In German too the buttons take one row (two rows took 50 px more from the chart).
    page.evaluate("() => localStorage.setItem('railtrip.lang', 'de')")  # the top bar is behind the dialog
    page.reload()
    page.wait_for_selector("[data-testid=new-game]:text('Neues Spiel')")
    tops = page.eval_on_selector_all(
        "[data-testid=game-over] .end-actions button",
        "bs => bs.map((b) => Math.round(b.getBoundingClientRect().top))",
    )
    assert len(tops) >= 3 and len(set(tops)) == 1, tops
    snapshot(page, f"end-laptop-de-{variant}")
    deal = same_deal_name(page)
    page.click("[data-testid=new-game]")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=more-options]")
    assert deal.lower() in page.inner_text("label[for=seed]").lower()  # "gleicher Wert, gleiches Blatt"


def same_deal_name(page: Page) -> str:
    """The name of playing the same deal again is one name: the end screen's button says what the
    share dialog's row is called ("Same deal again" / "Same deal"; German "Gleiches Blatt nochmal"
    where it said "Gleiche Verteilung nochmal" beside "Gleiches Blatt"). Returns that name."""
    page.click("[data-testid=end-share]")
    name = page.inner_text("[data-testid=share-deal] .share-title")
    page.click("[data-testid=share-close]")
    page.wait_for_selector("[data-testid=share-dialog]", state="detached")
    button = page.inner_text("[data-testid=same-deal]")
    assert name and button.startswith(name), (button, name)
    return name


def check_chart_legend_at_first_sight(page: Page, players: int) -> None:
    """The score chart's legend heads the chart and every name in it can be read on the end
    screen as it opens: under the chart it was cut by the button band (1280x800) or below the
    window (a phone) while the chart's dots were in view."""
    page.locator("[data-testid=game-over]").evaluate("d => { d.scrollTop = 0; }")
    seen = page.evaluate(
        """() => { const box = (e) => { const r = e.getBoundingClientRect();
          return {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; };
        const legend = document.querySelector('[data-testid=chart-legend]');
        return { legend: box(legend), chart: box(document.querySelector('[data-testid=score-chart]')),
          dialog: box(document.querySelector('[data-testid=game-over]')), height: innerHeight,
          items: [...legend.querySelectorAll('[data-testid^=chart-legend-]')].map((it) => { const b = box(it);
            const top = document.elementFromPoint((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2);
            return { ...b, text: it.textContent, whole: it.scrollWidth <= it.clientWidth, onTop: it.contains(top) }; }) }; }"""
    )
    legend, chart, dialog = seen["legend"], seen["chart"], seen["dialog"]
    assert len(seen["items"]) == players, seen["items"]
    assert legend["y1"] <= chart["y0"] + 0.5, (legend, chart)  # it heads the chart
    for item in seen["items"]:
        assert item["text"].strip() and item["whole"], item
        assert dialog["y0"] <= item["y0"] and item["y1"] <= min(dialog["y1"], seen["height"]), (item, dialog)
        assert dialog["x0"] <= item["x0"] and item["x1"] <= dialog["x1"], (item, dialog)
        assert item["onTop"], item  # not under the button band


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_statistics_keep_their_row_names_in_view_when_scrolled_sideways(
    page: Page, server, snapshot, lang: str
) -> None:
    """Four players' statistics on a phone are wider than their box (~520 px in ~340 px): the
    table scrolls sideways. Swiped to its far end, the numbers stood without the row names that say
    what they count. Now the names' column stays at the box's left edge, over the scrolled cells.
    The same end screen of four names its players in the chart's legend at first sight, on the
    phone and at 1280x800."""
    page.add_init_script(f"try {{ localStorage.setItem('railtrip.lang', '{lang}'); }} catch (e) {{}}")
    open_finished(page, server, "usa", "phone", players=4)
    check_chart_legend_at_first_sight(page, 4)
    wrap = page.locator("[data-testid=end-stats] .table-wrap")
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth + 20")  # it does scroll sideways
    wrap.scroll_into_view_if_needed()
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    page.wait_for_timeout(100)
    seen = wrap.evaluate("""w => { const box = w.getBoundingClientRect();
      return [...w.querySelectorAll('tbody tr')].map((tr) => { const th = tr.querySelector('th');
        const r = th.getBoundingClientRect(), x = r.left + 4, y = r.top + r.height / 2;
        return { text: th.textContent, left: r.left - box.left,
                 onTop: y > 0 && y < innerHeight ? th.contains(document.elementFromPoint(x, y)) : null }; }); }""")
    assert seen and all(abs(row["left"]) < 1 for row in seen), seen
    shown = [row for row in seen if row["onTop"] is not None]
    assert len(shown) >= 3 and all(row["onTop"] for row in shown), seen
    # The last player's column is in view beside them.
    last = page.locator("[data-testid=stats-blind-3]").bounding_box()
    assert last and last["x"] + last["width"] <= SIZES["phone"][0], last
    snapshot(page, f"stats-4-players-{lang}-scrolled")
    # At 1280x800 too, the legend is read at first sight.
    page.set_viewport_size({"width": 1280, "height": 800})
    check_chart_legend_at_first_sight(page, 4)
    snapshot(page, f"end-4-players-{lang}-1280x800")


def review_plies(page: Page) -> list[str]:
    """The plies of the moves the shown review lists."""
    return page.eval_on_selector_all("[data-testid=review-item]", "els => els.map((e) => e.dataset.ply)")


def check_history_counts_once(page: Page, snapshot, variant: str, size: str) -> None:
    page.click("[data-testid=end-tab-history]")
    row = page.locator(f"[data-testid=history-{variant}-easy]")
    assert row.locator("td").first.inner_text() == "1"
    winner = finished(variant)[2][0]["winner"]
    assert row.locator("td").nth(1).inner_text().startswith("1" if winner else "0")
    snapshot(page, f"{variant}-{size}-history")


REVIEW_WORDS = {
    "en": ("Your move ", r"Your turn (\d+) of (\d+)|Start of the game"),
    "de": ("Dein Zug ", r"Dein (\d+)\. von (\d+) Zügen|Spielbeginn"),
}
REVIEW_COST = {"en": r"Your move cost about \d+ points?\.", "de": r"Dein Zug kostete etwa \d+ Punkte?\."}


def check_review_words(page: Page, lang: str) -> None:
    """Each listed move reads "Your move …" (not "You: claims …") and says which of the person's
    own turns it was, "Your turn 23 of 51" (the engine's turn counter counts every seat's turns,
    which nothing on screen numbers); each was measured: its cost in whole points, or "about as
    good" where the bot found no clear loss."""
    you, turn = REVIEW_WORDS[lang]
    items = page.locator("[data-testid=review-item]")
    assert items.count() >= 1
    for i in range(items.count()):
        item = items.nth(i)
        assert item.locator(".review-you").inner_text().startswith(you)
        label = re.fullmatch(turn, item.locator(".review-turn").inner_text())
        assert label and (label[1] is None or 1 <= int(label[1]) <= int(label[2])), label
        assert item.locator("[data-testid=review-cost], [data-testid=review-even]").count() == 1
    costs = page.locator("[data-testid=review-cost]").all_inner_texts()
    assert all(re.fullmatch(REVIEW_COST[lang], c) for c in costs), costs


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_end_screen_statistics_review_history_and_replay(page: Page, server, snapshot, variant: str) -> None:
    """At 1280×800 in English, then on a phone in German after a reload: the review is asked of the
    engines once (the page's and a helper, two cores) and, kept with the save, shown again as it
    was, in the reader's words. Its kept steps are those the engine's own review gives (checked
    for the card game, whose review is quick in Python too; the clock cap is raised so that a
    loaded machine cannot cut a search short)."""
    page.add_init_script(
        "try { localStorage.getItem('railtrip.lang') || localStorage.setItem('railtrip.lang', 'en'); } catch (e) {}"
    )
    page.context.add_init_script(CORES % 2)
    open_finished(page, server, variant, "desktop", query="&reviewSeconds=300")
    check_scores_and_statistics(page, snapshot, variant, "desktop")
    # The review: asked of the workers one decision at a time, with progress; then its verdicts.
    page.click("[data-testid=end-tab-review]")
    page.click("[data-testid=review-start]")
    page.wait_for_selector("[data-testid=end-review][data-done=true]", timeout=240_000)
    assert page.get_attribute("[data-testid=end-review]", "data-engines") == "2"
    check_review_words(page, "en")
    plies = review_plies(page)
    summary = page.inner_text("[data-testid=review-note]")
    assert "0" in page.inner_text("[data-testid=hints-used]")
    page.locator("[data-testid=end-extras]").scroll_into_view_if_needed()
    snapshot(page, f"{variant}-desktop-review")
    if variant == "cardgame":
        kept = json.loads(page.evaluate("k => localStorage.getItem(k)", f"railtrip.review.{SAVE_ID}"))[
            "steps"
        ]
        expected = serial_review("cardgame")
        assert len(expected) >= 10 and any(step["cost"] for step in expected)
        assert kept == [{key: step[key] for key in kept[0]} for step in expected]  # the fields kept
    # The history counts this game once (the reload below does not count it again).
    check_history_counts_once(page, snapshot, variant, "desktop")
    # On a phone in German, after a reload: the same end screen, and the review kept with the save
    # at once (the engine is not asked again).
    page.evaluate("() => localStorage.setItem('railtrip.lang', 'de')")
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["phone"])))
    page.reload()
    page.wait_for_selector("#app[data-ui-state=game-over]")
    page.wait_for_selector("[data-testid=end-stats]")
    check_scores_and_statistics(page, snapshot, variant, "phone")
    # German decimals take a comma: an average route length of "2,5".
    lengths = page.eval_on_selector_all(
        "[data-testid^=stats-avgLength-]", "els => els.map((e) => e.innerText)"
    )
    assert (variant == "cardgame") != bool(lengths) and all(re.fullmatch(r"\d+,\d", n) for n in lengths), (
        lengths
    )
    page.click("[data-testid=end-tab-review]")
    page.wait_for_selector("[data-testid=end-review][data-done=true]", timeout=5_000)
    assert page.locator("[data-testid=review-start]").is_hidden()
    check_review_words(page, "de")
    assert review_plies(page) == plies
    # The same summary in German: how many of how many moves the bot agreed with.
    assert re.findall(r"\d+", page.inner_text("[data-testid=review-note]")) == re.findall(r"\d+", summary)
    page.locator("[data-testid=end-extras]").scroll_into_view_if_needed()
    snapshot(page, f"{variant}-phone-review")
    check_history_counts_once(page, snapshot, variant, "phone")
    # The finished game stays in the saved list, as a replay.
    page.click("[data-testid=new-game]")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    saved = page.locator(f"[data-testid=save-row][data-save-id={SAVE_ID}]")
    assert saved.get_attribute("data-finished") == "true"
    assert saved.locator("[data-testid=save-open]").count() == 0
    assert page.locator("[data-testid=continue-game]").count() == 0  # a finished game is not "continued"
    saved.locator("[data-testid=save-replay]").click()
    page.wait_for_selector("[data-testid=replay-bar], [data-testid=replay]", timeout=60_000)


CORES = "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => %d})"


NO_MORE_WORKERS = """() => { const Real = window.Worker; window.__refusedWorkers = 0;
  window.Worker = class extends Real { constructor(url, options) {
    window.__refusedWorkers += 1; super(new URL('./no-such-worker.js', url), options); } }; }"""


def serial_review(variant: str) -> list[dict[str, Any]]:
    """The review of seat 0 in `finished(variant)` by one engine, in Python, decision by decision."""
    gid = json.loads(api.call("load", json.dumps({"record": finished(variant)[0]})))["ok"]["game_id"]
    steps, start = [], 0
    while True:
        out = json.loads(api.call("review_move", json.dumps({"game_id": gid, "seat": 0, "from": start})))
        if out["ok"]["next"] is None:
            return steps
        steps.append(out["ok"])
        start = out["ok"]["next"]


@pytest.mark.allow_console_errors  # the helper that cannot start says so
# Two engines that both start: test_end_screen_statistics_review_history_and_replay[cardgame].
@pytest.mark.parametrize(("helper", "cores"), [("fails", 2), ("works", 4)])
def test_a_review_shared_with_a_helper_engine_gives_the_same_steps(
    page: Page, server, helper: str, cores: int
) -> None:
    """With a core to spare a helper engine reviews every other decision (two helpers, every third
    with four cores); a helper that cannot start leaves its share to the page's engine. Either way
    the kept steps are the ones one engine gives (each decision is seeded by its game and ply).
    The clock cap is raised far above any decision (`?reviewSeconds`): on a loaded machine one may
    meet the page's 1.5 s, and a capped search is not the serial review's."""
    page.context.add_init_script(CORES % cores)
    open_finished(page, server, "cardgame", "desktop", query="&reviewSeconds=300")
    if helper == "fails":  # every worker after the page's engine points at a missing script
        page.evaluate(NO_MORE_WORKERS)
    page.click("[data-testid=end-tab-review]")
    page.click("[data-testid=review-start]")
    page.wait_for_selector("[data-testid=end-review][data-done=true]", timeout=240_000)
    assert page.get_attribute("[data-testid=end-review]", "data-engines") == str(min(cores, 3))
    kept = json.loads(page.evaluate("k => localStorage.getItem(k)", f"railtrip.review.{SAVE_ID}"))["steps"]
    expected = serial_review("cardgame")
    assert len(expected) >= 10 and any(step["cost"] for step in expected)
    assert kept == [{key: step[key] for key in kept[0]} for step in expected]  # the fields kept
    assert page.evaluate("() => window.__refusedWorkers ?? 0") == (cores - 1 if helper == "fails" else 0)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["usa", "world"])
def test_map_shows_the_longest_path_and_every_ticket(
    page: Page, server, snapshot, variant: str, size: str
) -> None:
    open_finished(page, server, variant, size)
    _, _, scores = finished(variant)
    page.click("[data-testid=view-board]")
    state = page.evaluate("""() => { const s = window.__railtrip.board.state;
        return { tickets: (s.endTickets ?? []).map((t) => [t.seat, t.done]), order: s.longestOrder ?? [],
                 label: s.longestLabel?.text ?? null }; }""")
    expected = [
        [sc["seat"], tk.get("status", "completed" if tk["completed"] else "failed") != "failed"]
        for sc in scores
        for tk in sc["tickets"]
    ]
    assert state["tickets"] == expected
    if variant == "usa":
        best = next(sc for sc in scores if sc["longest_bonus_won"])
        assert state["order"] == best["longest_path_routes"]
        assert str(best["longest_path"]) in state["label"]
    page.wait_for_timeout(1800)  # the longest path draws itself once (LONGEST_DRAW_MS), then its label
    snapshot(page, f"{variant}-{size}-end-map")


@pytest.mark.parametrize("size", SIZES)
def test_damaged_history_is_repaired_and_counts_on(page: Page, server, size: str) -> None:
    hostile = json.dumps(
        {
            "rows": {
                "usa|easy": {"games": 4, "wins": 99, "best": 1e30},
                "evil|x": {"games": 1},
                "world|hard": "nope",
            },
            "counted": ["<b>", 5],
        }
    )
    open_finished(page, server, "usa", size, history=hostile)
    page.click("[data-testid=end-tab-history]")
    cells = page.locator("[data-testid=history-usa-easy] td")
    assert cells.first.inner_text() == "5"  # 4 kept + this game
    assert int(cells.nth(1).inner_text().split()[0]) <= 5  # wins never above games
    assert page.locator("[data-testid^=history-evil]").count() == 0
    open_finished(page, server, "usa", size, history="{not json")
    page.click("[data-testid=end-tab-history]")
    assert page.locator("[data-testid=history-usa-easy] td").first.inner_text() == "1"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_hint_proposes_a_legal_move_with_a_reason(
    page: Page, server, snapshot, variant: str, size: str
) -> None:
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {"variant": variant, "players": 2, "seed": 8, "seats": SEATS, "speed": "instant"},
    )
    play_draws(page, 6, first=True)  # a few turns in (opening choices made): the hint has something to weigh
    page.wait_for_function(MY_TURN)
    assert page.get_attribute("#app", "data-ui-state") == "playing"
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-box]:not([hidden])")
    page.wait_for_function(
        "() => { const e = document.querySelector('[data-testid=hint-text]');"
        " return e && !/thinking/.test(e.textContent); }"
    )
    text = page.inner_text("[data-testid=hint-text]")
    assert text and "no hint" not in text
    snapshot(page, f"{variant}-{size}-hint")
    # The reason covers neither the board nor the piles it may point to: on a wide screen it heads
    # the side column; on a phone, where that column is far down, it floats at the bottom, in view.
    box = page.locator("[data-testid=hint-box]").bounding_box()
    width, height = SIZES[size]
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    if width > 820:
        side = page.locator("aside").bounding_box()
        inside = side and side["x"] <= box["x"] and box["x"] + box["width"] <= side["x"] + side["width"]
        assert inside, (box, side)
        market = page.locator("[data-testid=market]").bounding_box()
        assert market and box["x"] >= market["x"] + market["width"], (box, market)
    else:
        assert box["y"] > height / 2, box
    page.click("[data-testid=lang-de]")
    page.wait_for_selector("[data-testid=hint]")
    assert page.inner_text("[data-testid=hint]") == "Tipp"
    # The rebuilt screen keeps the hint, now in German.
    assert page.is_visible("[data-testid=hint-box]")
    german = page.inner_text("[data-testid=hint-text]")
    assert german and german != text


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_screens_of_a_game(page: Page, server, snapshot, variant: str, size: str) -> None:
    """Screenshots of the start, each opening dialog, mid-game and (map games) the payment chooser;
    the end screens are in the tests above. Each dialog is checked to be on screen when shot."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")
    snapshot(page, f"{variant}-{size}-newgame")
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {"variant": variant, "players": 2, "seed": 17, "seats": SEATS, "speed": "instant"},
    )
    shot: set[str] = set()

    def shoot_dialog(ui: str) -> None:
        if ui not in shot:
            box = page.locator("dialog[open]").first.bounding_box()
            assert box and box["width"] <= width + 0.5, box  # the dialog fits the screen's width
            snapshot(page, f"{variant}-{size}-{ui}")
            shot.add(ui)

    play_draws(page, 10, first=False, on_dialog=shoot_dialog)
    page.wait_for_function(MY_TURN)
    assert "choose-tickets" in shot
    snapshot(page, f"{variant}-{size}-midgame")
    if variant == "cardgame":
        return
    legal = page.evaluate("() => window.__railtrip.state().legal")
    routes = [a["route"] for a in legal if a["kind"] == "claim"]
    several = sorted({r for r in routes if routes.count(r) > 1})
    if several:  # a route with a choice of payments opens the chooser
        page.click("[data-testid=tab-routes]")
        page.click(f"[data-testid=route-option][data-routes~='{several[0]}']")
        page.click("[data-testid=route-claim]")
        page.wait_for_selector("#app[data-ui-state=choose-payment]")
        snapshot(page, f"{variant}-{size}-choose-payment")
        page.click("[data-testid=payment-cancel]")
        page.wait_for_selector("#app[data-ui-state=playing]")


@pytest.mark.parametrize("variant", ["usa", "cardgame"])
def test_the_end_tells_the_person_who_won_as_you(page: Page, server, variant: str) -> None:
    """A person who beat the bots read their own name, "Ann wins!" (or "Player wins!" under the
    default name), where the log and the status speak to them as "you". Now the headline and the
    status say "You win!"; a bot's win still names the bot."""

    def text(selector: str) -> str:  # without the marks that keep each name's writing direction
        return page.inner_text(selector).replace("\u2068", "").replace("\u2069", "")

    for first_bot, headline in (("hard", "You win!"), ("random", "Bot wins!")):
        winners = [sc["seat"] for sc in finished(variant, first_bot=first_bot)[2] if sc["winner"]]
        assert winners == [0 if first_bot == "hard" else 1]
        open_finished(page, server, variant, "desktop", first_bot=first_bot)
        assert text("[data-testid=game-over] [data-testid=winner]") == headline
        assert text("[data-testid=turn-status]") == f"Game over · {headline}"
    page.evaluate("() => localStorage.setItem('railtrip.lang', 'de')")
    page.reload()
    page.wait_for_selector("html[lang=de] [data-testid=game-over] [data-testid=winner]")
    assert text("[data-testid=game-over] [data-testid=winner]") == "Bot gewinnt!"
    open_finished(page, server, variant, "desktop", first_bot="hard")
    assert text("[data-testid=game-over] [data-testid=winner]") == "Du gewinnst!"
