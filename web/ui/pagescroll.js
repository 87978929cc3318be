// Marks the page (`html.page-scrolls`) while it is taller than the window: on phones, and in each
// game's scrolling layouts (middle widths, a phone turned sideways, short windows). The CSS then
// floats what must stay in view wherever the person has scrolled to: the hint at the bottom of
// the window (endgame.css), with room at the page's end (learn.css does the same for the coach).
// It also tells where the game's sticky top bar ends (`--topbar-bottom` on <html>; its height
// changes as the status line wraps on a phone), so that what floats at the top of the window (the
// tutorial's coach on a phone, toasts) sits below it, never over whose turn it is. The bar is
// sticky, so where it ends changes with the scroll as well (by the page's margin above it).
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
    const bottom = bar ? `${Math.ceil(bar.getBoundingClientRect().bottom)}px` : "";
    if (bottom !== barBottom) {
      barBottom = bottom;
      if (bottom) page.style.setProperty("--topbar-bottom", bottom);
      else page.style.removeProperty("--topbar-bottom");
    }
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
