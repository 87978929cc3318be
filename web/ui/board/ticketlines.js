// Tickets being chosen, drawn on the map (the ticket dialog's and the piece mix's map pictures): a
// line in the ticket's own colour between its cities (an itinerary through its stops in order),
// solid when the ticket is ticked or kept, dashed when not, wider for the one pointed at, with its
// number in a badge so the list beside the map names it. Widths are in screen pixels.
import { legCopies } from "./geometry.js";

/** One colour per ticket line, apart from the players' colours' usual shades. */
export const TICKET_LINE_COLORS = ["#d62839", "#1f6fd1", "#e08a00", "#8e3fb5", "#138a72", "#c2185b", "#5d4037"];

/** The radius of a ticket line's number badge on screen, its white ring included (px). */
export const BADGE_R = 8.75;

/**
 * Draws `lines` ([{cities, color, label, chosen, active}]) in map space at the view's `scale`. On a
 * map that `wraps`, a leg whose shorter way crosses the seam leaves one edge and arrives at the
 * other, as on the end screen's map (geometry.js legCopies). `dotR`: a city dot's radius on screen.
 * Returns the number badges drawn, [{label, x, y}] in map units (the labels keep clear of them).
 */
export function drawTicketLines(ctx, cities, lines, scale, { width, height, wraps = false, dotR = 0 }) {
  const badges = [];
  if (!lines?.length) return badges;
  const px = (n) => n / scale;
  const ticketCities = [...new Set(lines.flatMap((ln) => ln.cities))].map((id) => cities.get(id)).filter(Boolean);
  for (const ln of lines) {
    const pts = ln.cities.map((id) => cities.get(id)).filter(Boolean);
    if (pts.length < 2) continue;
    const legs = pts.slice(1).map((b, i) => legCopies(pts[i], b, width, wraps));
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, -height, width, 3 * height);  // a copy across the seam ends at the edge
    ctx.clip();
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.setLineDash(ln.chosen ? [] : [px(7), px(5)]);
    ctx.beginPath();
    for (const copy of legs.flat()) {
      ctx.moveTo(copy.ax, copy.ay);
      ctx.lineTo(copy.bx, copy.by);
    }
    ctx.lineWidth = px(ln.active ? 7 : 5);
    ctx.strokeStyle = "rgba(255,255,255,0.85)";
    ctx.stroke();
    ctx.lineWidth = px(ln.active ? 4 : 2.6);
    ctx.strokeStyle = ln.color;
    ctx.stroke();
    ctx.setLineDash([]);
    const { x: mx, y: my } = badgeSpot(legs, width, ticketCities, badges, scale, dotR);
    ctx.beginPath();
    ctx.arc(mx, my, px(8), 0, Math.PI * 2);
    ctx.fillStyle = ln.color;
    ctx.fill();
    ctx.lineWidth = px(1.5);
    ctx.strokeStyle = "#fff";
    ctx.stroke();
    ctx.fillStyle = "#fff";
    ctx.font = `700 ${px(10)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(ln.label, mx, my + px(0.5));
    ctx.restore();
    badges.push({ label: ln.label, x: mx, y: my });
  }
  return badges;
}

/** The screen pixels a badge leaves beside a ticket's city where it can: a city name's height. */
const CITY_NAME_ROOM = 12;

/** Where along a leg a badge may sit, best first. */
const BADGE_STOPS = [0.5, 0.38, 0.62, 0.26, 0.74];

/**
 * A line's badge on the line and on the map, clear of the tickets' city dots (so their names have
 * room beside them) and of the badges already drawn: the longest leg's middle when that is clear
 * (an itinerary's first leg can be a few pixels long on a phone), else the clearest spot.
 */
function badgeSpot(legs, width, ticketCities, badges, scale, dotR) {
  const length = (copies) => Math.hypot(copies[0].bx - copies[0].ax, copies[0].by - copies[0].ay);
  const spots = [];
  for (const copies of [...legs].sort((p, q) => length(q) - length(p))) {
    for (const k of BADGE_STOPS) {
      for (const c of copies) {
        const x = c.ax + (c.bx - c.ax) * k, y = c.ay + (c.by - c.ay) * k;
        if (x >= 0 && x <= width) spots.push({ x, y });
      }
    }
  }
  // The screen pixels to spare around the badge: `room` beside the tickets' city dots, 2 beside the
  // other badges (negative where it comes closer).
  const spare = (p, room) => Math.min(
    ...ticketCities.map((c) => Math.hypot(c.x - p.x, c.y - p.y) * scale - dotR - BADGE_R - room),
    ...badges.map((b) => Math.hypot(b.x - p.x, b.y - p.y) * scale - 2 * BADGE_R - 2));
  if (!spots.length) return { x: (legs[0][0].ax + legs[0][0].bx) / 2, y: (legs[0][0].ay + legs[0][0].by) / 2 };
  return spots.find((p) => spare(p, CITY_NAME_ROOM) >= 0) ?? spots.find((p) => spare(p, 2) >= 0)
    ?? spots.reduce((best, p) => (spare(p, 2) > spare(best, 2) ? p : best));
}
