// Tickets being chosen, drawn on the map (the ticket dialog's and the piece mix's map pictures): a
// line in the ticket's own colour between its cities (an itinerary through its stops in order),
// solid when the ticket is ticked or kept, dashed when not, wider for the one pointed at, with its
// number in a badge so the list beside the map names it. Widths are in screen pixels.

/** One colour per ticket line, apart from the players' colours' usual shades. */
export const TICKET_LINE_COLORS = ["#d62839", "#1f6fd1", "#e08a00", "#8e3fb5", "#138a72", "#c2185b", "#5d4037"];

/** The radius of a ticket line's number badge on screen, its white ring included (px). */
export const BADGE_R = 8.75;

/** Draws `lines` ([{cities, color, label, chosen, active}]) in map space at the view's `scale`.
 *  Returns the number badges drawn, [{label, x, y}] in map units (the labels keep clear of them). */
export function drawTicketLines(ctx, cities, lines, scale) {
  const badges = [];
  if (!lines?.length) return badges;
  const px = (n) => n / scale;
  for (const ln of lines) {
    const pts = ln.cities.map((id) => cities.get(id)).filter(Boolean);
    if (pts.length < 2) continue;
    ctx.save();
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.setLineDash(ln.chosen ? [] : [px(7), px(5)]);
    ctx.beginPath();
    pts.forEach((c, i) => (i ? ctx.lineTo(c.x, c.y) : ctx.moveTo(c.x, c.y)));
    ctx.lineWidth = px(ln.active ? 7 : 5);
    ctx.strokeStyle = "rgba(255,255,255,0.85)";
    ctx.stroke();
    ctx.lineWidth = px(ln.active ? 4 : 2.6);
    ctx.strokeStyle = ln.color;
    ctx.stroke();
    ctx.setLineDash([]);
    const a = pts[0], b = pts[1];
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
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
