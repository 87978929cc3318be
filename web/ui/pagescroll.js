// Marks the page (`html.page-scrolls`) while it is taller than the window: on phones, and in each
// game's scrolling layouts (middle widths, a phone turned sideways, short windows). The CSS then
// floats what must stay in view wherever the person has scrolled to: the hint at the bottom of
// the window (endgame.css). Layout only: one observer for every screen, started once.

/** Starts watching; `content` is the app's root, which grows with the screen it shows.
 *  @param {HTMLElement} content */
export function watchPageScroll(content) {
  const page = document.documentElement;
  const update = () => page.classList.toggle("page-scrolls", page.scrollHeight > page.clientHeight + 1);
  new ResizeObserver(update).observe(content);
  window.addEventListener("resize", update);
  update();
}
