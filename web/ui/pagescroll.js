// Marks the page (`html.page-scrolls`) while it is taller than the window: on phones, and in each
// game's scrolling layouts (middle widths, a phone turned sideways, short windows). The CSS then
// floats what must stay in view wherever the person has scrolled to: the hint at the bottom of
// the window (endgame.css), with room at the page's end (learn.css does the same for the coach).
// Layout only: one watcher for every screen, started once.

/** Starts watching; `content` is the app's root. Its size alone is not enough: a screen of a
 *  fixed height (the replay) can grow past it without resizing it, so the page is measured again,
 *  once a frame at most, whenever the root resizes or its elements come, go or show.
 *  @param {HTMLElement} content */
export function watchPageScroll(content) {
  const page = document.documentElement;
  let queued = false;
  const measure = () => {
    queued = false;
    page.classList.toggle("page-scrolls", page.scrollHeight > page.clientHeight + 1);
  };
  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(measure);
  };
  new ResizeObserver(soon).observe(content);
  new MutationObserver(soon).observe(content, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  window.addEventListener("resize", soon);
  measure();
}
