// Marks the page (`html.page-scrolls`) while it is taller than the window: on phones, and in each
// game's scrolling layouts (middle widths, a phone turned sideways, short windows). The CSS then
// floats what must stay in view wherever the person has scrolled to: the hint at the bottom of
// the window (endgame.css), with room at the page's end (learn.css does the same for the coach).
// It also tells where the game's sticky top bar ends (`--topbar-bottom` on <html>; its height
// changes as the status line wraps on a phone), so that what floats at the top of the window (the
// tutorial's coach on a phone, toasts) sits below it, never over whose turn it is. The bar is
// sticky, so where it ends changes with the scroll as well (by the page's margin above it).
// Where notices may begin (`--notices-top`) is below the bar and below a panel the screen marks
// `data-notices-below` while that panel is in view (the card game's other players on a phone,
// whose rail yards a raid notice tells about). Where the page does not scroll, notices are centred
// over the panel marked `data-notices-over` (`--notices-x`: the map, so that "Final round!" does
// not cover the deck's count beside it at 1280×800); else over the window.
// Layout only: one watcher for every screen, started once.

/** Starts watching; `content` is the app's root. Its size alone is not enough: a screen of a
 *  fixed height (the replay) can grow past it without resizing it, so the page is measured again,
 *  once a frame at most, whenever the root resizes or its elements come, go or show.
 *  @param {HTMLElement} content */
export function watchPageScroll(content) {
  const page = document.documentElement;
  let queued = false;
  let bar = null;
  let barBottom = "";
  let noticesTop = "";
  let noticesX = "";
  const barSize = new ResizeObserver(() => soon());
  const measure = () => {
    queued = false;
    page.classList.toggle("page-scrolls", page.scrollHeight > page.clientHeight + 1);
    const now = content.querySelector(".topbar");
    if (now !== bar) {
      if (bar) barSize.unobserve(bar);
      bar = now;
      if (bar) barSize.observe(bar);
    }
    const barPx = bar ? Math.ceil(bar.getBoundingClientRect().bottom) : 0;
    barBottom = setPx("--topbar-bottom", bar ? barPx : null, barBottom);
    const keep = content.querySelector("[data-notices-below]");
    const keepPx = keep ? Math.max(barPx, Math.ceil(keep.getBoundingClientRect().bottom)) : null;
    noticesTop = setPx("--notices-top", keepPx, noticesTop);
    const over = page.classList.contains("page-scrolls") ? null : content.querySelector("[data-notices-over]");
    const box = over?.getBoundingClientRect();
    noticesX = setPx("--notices-x", box?.width ? Math.round(box.left + box.width / 2) : null, noticesX);
  };
  /** Sets `name` on <html> to `px` (null: removes it) when it changed from `was`; returns it. */
  const setPx = (name, px, was) => {
    const now = px === null ? "" : `${px}px`;
    if (now === was) return was;
    if (now) page.style.setProperty(name, now);
    else page.style.removeProperty(name);
    return now;
  };
  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(measure);
  };
  new ResizeObserver(soon).observe(content);
  new MutationObserver(soon).observe(content, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  window.addEventListener("resize", soon);
  window.addEventListener("scroll", soon, { passive: true });
  measure();
}
