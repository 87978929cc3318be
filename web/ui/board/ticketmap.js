// A small overview map for a ticket (dialogs, rules pages): all cities faint, the ticket's cities marked.
import { PARCHMENT } from "./style.js";
import { legCopies, mapWraps } from "./geometry.js";

/** Draws a small overview map for a ticket: all cities faint, the ticket's two cities marked. */
export function drawTicketMap(canvas, board, cityIds, { width = 120, height = 82, color = "#e63946" } = {}) {
  const dpr = Math.min(3, window.devicePixelRatio || 1);
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.setProperty("width", `${width}px`);
  canvas.style.setProperty("height", `${height}px`);
  const ctx = canvas.getContext("2d");
  const k = Math.min((width - 8) / board.width, (height - 8) / board.height);
  const ox = (width - board.width * k) / 2, oy = (height - board.height * k) / 2;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = PARCHMENT;
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, 6);
  ctx.fill();
  const cities = new Map(board.cities.map((c) => [c.id, c]));
  const wraps = mapWraps(board);
  // Lines across the east/west seam leave one edge and arrive at the other (clipped to the map).
  ctx.save();
  ctx.beginPath();
  ctx.rect(ox, 0, board.width * k, height);
  ctx.clip();
  const line = (a, b, wrapping) => {
    for (const c of legCopies(a, b, board.width, wrapping)) {
      ctx.moveTo(ox + c.ax * k, oy + c.ay * k);
      ctx.lineTo(ox + c.bx * k, oy + c.by * k);
    }
  };
  ctx.strokeStyle = "rgba(90,70,40,0.22)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const r of board.routes) line(cities.get(r.a), cities.get(r.b), Boolean(r.wraps));
  ctx.stroke();
  ctx.fillStyle = "rgba(90,70,40,0.45)";
  for (const c of board.cities) {
    ctx.beginPath();
    ctx.arc(ox + c.x * k, oy + c.y * k, 1.6, 0, Math.PI * 2);
    ctx.fill();
  }
  const pts = cityIds.map((id) => cities.get(id));
  if (pts.length < 2 || pts.some((c) => !c)) return ctx.restore();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.6;
  ctx.setLineDash([3, 2]);
  ctx.beginPath();
  pts.slice(1).forEach((b, i) => line(pts[i], b, wraps));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.restore();
  const numbered = pts.length > 2;  // an itinerary: its stops in order
  pts.forEach((c, i) => {
    ctx.beginPath();
    ctx.arc(ox + c.x * k, oy + c.y * k, numbered ? 4.6 : 3.6, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "#fff";
    ctx.stroke();
    if (numbered) {
      ctx.fillStyle = "#fff";
      ctx.font = "bold 6.5px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(String(i + 1), ox + c.x * k, oy + c.y * k + 0.3);
    }
  });
}
