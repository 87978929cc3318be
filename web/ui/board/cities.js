// Cities on the canvas: dots (ringed when in focus, a harbor target or a big city), junctions,
// ports and built harbors, and the seam markers of a wrapping map. `m` is the map: {board, style,
// state, seamMarks}; `pulse` (0..1) animates the rings.
import { ANCHOR_PATH, GOLD, SYMBOL_PATHS } from "./style.js";
import { inkOn } from "../cards.js";

/** Every city of the map, as the state shows it. */
export function drawCities(ctx, m, pulse) {
  const st = m.state;
  const focusCities = st.focus?.cities;
  const CITY_R = m.style.cityR;
  for (const c of m.board.cities) {
    const hot = focusCities?.has(c.id);
    if (hot) {
      ctx.beginPath();
      ctx.arc(c.x, c.y, CITY_R + 5 + 2 * pulse, 0, Math.PI * 2);
      ctx.fillStyle = "rgba(230,57,70,0.35)";
      ctx.fill();
    }
    if (st.harborTargets?.has(c.id)) {
      ctx.beginPath();
      ctx.arc(c.x, c.y, CITY_R + 4 + 2.5 * pulse, 0, Math.PI * 2);
      ctx.fillStyle = "rgba(255,190,30,0.55)";
      ctx.fill();
    }
    if (c.junction) {
      drawJunction(ctx, m, c);
      continue;
    }
    ctx.beginPath();
    ctx.arc(c.x, c.y, CITY_R, 0, Math.PI * 2);
    ctx.fillStyle = hot ? "#e63946" : "#c0392b";
    ctx.fill();
    ctx.lineWidth = 2.2 * CITY_R / 7.5;
    ctx.strokeStyle = "#fdf6e3";
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(c.x, c.y, CITY_R + 1.6 * CITY_R / 7.5, 0, Math.PI * 2);
    ctx.lineWidth = CITY_R / 7.5;
    ctx.strokeStyle = "rgba(43,36,24,0.8)";
    ctx.stroke();
    if (c.port) drawPort(ctx, m, c, st.harbors?.[c.id]);
    if (st.bigCities?.has(c.id)) {  // a gold ring, as the Big Cities cards mark these cities
      ctx.beginPath();
      ctx.arc(c.x, c.y, CITY_R * 1.75, 0, Math.PI * 2);
      ctx.lineWidth = CITY_R / 3;
      ctx.strokeStyle = GOLD;
      ctx.stroke();
    }
  }
}

/** Lettered markers where routes cross the east/west seam, at both edges. */
export function drawSeamMarks(ctx, m) {
  const W = m.board.width;
  for (const mark of m.seamMarks) {
    for (const edge of [0, W]) {
      // Arrows point along the way out of the map (east at the east edge, west at the west edge).
      const out = edge === 0 ? -1 : 1;
      const x = edge === 0 ? 7 : W - 7;
      ctx.save();
      ctx.translate(x, mark.y);
      ctx.beginPath();
      ctx.moveTo(out * 6.5, 0);
      ctx.lineTo(-out * 2, -5.5);
      ctx.lineTo(-out * 2, 5.5);
      ctx.closePath();
      ctx.fillStyle = "rgba(43,36,24,0.85)";
      ctx.fill();
      ctx.beginPath();
      ctx.arc(-out * 7, 0, 5.2, 0, Math.PI * 2);
      ctx.fillStyle = "#fdf6e3";
      ctx.fill();
      ctx.lineWidth = 1.1;
      ctx.strokeStyle = "rgba(43,36,24,0.9)";
      ctx.stroke();
      ctx.fillStyle = "#2b2418";
      ctx.font = "bold 6.5px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(mark.label, -out * 7, 0.3);
      ctx.restore();
    }
  }
}

/** A port: a small anchor on a light disc; a built harbor: a flag in its owner's colour. */
function drawPort(ctx, m, c, owner) {
  const r = m.style.cityR;
  const x = c.x + r * 0.95, y = c.y - r * 0.95;
  ctx.save();
  ctx.translate(x, y);
  if (owner !== undefined) {
    // A built harbor: a square flag in its owner's colour with an anchor.
    const s2 = r * 1.25;
    ctx.beginPath();
    ctx.roundRect(-s2, -s2, 2 * s2, 2 * s2, 1.4);
    ctx.fillStyle = m.state.playerColors[owner] ?? "#888";
    ctx.shadowColor = "rgba(0,0,0,0.5)";
    ctx.shadowBlur = 2;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.lineWidth = 1;
    ctx.strokeStyle = "#fff";
    ctx.stroke();
    // Colour-blind mode: the owner's symbol instead of the anchor (the square says "harbor").
    const mark = m.state.colorBlind ? SYMBOL_PATHS[m.state.playerMarks?.[owner]] : null;
    const k = (s2 * 1.6) / 24;
    ctx.scale(k, k);
    ctx.translate(-12, -12);
    ctx.fillStyle = mark ? inkOn(m.state.playerMarks[owner]) : "#fff";
    ctx.fill(mark ?? ANCHOR_PATH, "evenodd");
  } else {
    // A port: a small anchor on a light disc.
    ctx.beginPath();
    ctx.arc(0, 0, r * 0.78, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(253,246,227,0.95)";
    ctx.fill();
    ctx.lineWidth = 0.6;
    ctx.strokeStyle = "rgba(30,60,90,0.8)";
    ctx.stroke();
    const k = (r * 1.3) / 24;
    ctx.scale(k, k);
    ctx.translate(-12, -12);
    ctx.fillStyle = "#1f4e79";
    ctx.fill(ANCHOR_PATH, "evenodd");
  }
  ctx.restore();
}

/** A junction (a point where routes meet but no city is): a small grey diamond. */
function drawJunction(ctx, m, c) {
  const r = m.style.cityR * 0.7;
  ctx.save();
  ctx.translate(c.x, c.y);
  ctx.rotate(Math.PI / 4);
  ctx.beginPath();
  ctx.rect(-r, -r, 2 * r, 2 * r);
  ctx.fillStyle = "#5b6b7a";
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = "#fdf6e3";
  ctx.stroke();
  ctx.restore();
}

