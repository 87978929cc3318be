// Routes on the canvas: free track (coloured spaces, ship ovals, rough-terrain marks), claimed
// trains and ships in the owner's colour, and glows under a route. `m` is the map being drawn:
// {board, style, view} (see view.js).
import { CARD_COLORS, inkOn } from "../cards.js";
import { SYMBOL_PATHS, roundRect } from "./style.js";

/** Runs `fn` once, or for a route across the seam once per copy, clipped to the map. */
export function eachCopy(ctx, m, g, fn) {
  if (g.offsets.length === 1) return fn();
  for (const off of g.offsets) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, -20, m.board.width, m.board.height + 40);
    ctx.clip();
    ctx.translate(off, 0);
    fn();
    ctx.restore();
  }
}

/** Runs `fn(i)` with the canvas moved and turned onto each space of the route. */
function eachSpace(ctx, g, fn) {
  g.spaces.forEach((sp, i) => {
    ctx.save();
    ctx.translate(sp.x, sp.y);
    ctx.rotate(g.angle);
    fn(i);
    ctx.restore();
  });
}

/** A soft stroke under the whole route (`extra` map units wider than a space on each side). */
export function drawGlow(ctx, m, g, color, extra, alpha = 1) {
  const k = m.style.spaceW / 9.5;
  eachCopy(ctx, m, g, () => {
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.strokeStyle = color;
    ctx.lineCap = "round";
    ctx.lineWidth = m.style.spaceW + extra * 2 * k;
    ctx.beginPath();
    ctx.moveTo(g.ax + g.dx * (g.start + 2), g.ay + g.dy * (g.start + 2));
    ctx.lineTo(g.ax + g.dx * (g.end - 2), g.ay + g.dy * (g.end - 2));
    ctx.stroke();
    ctx.restore();
  });
}

/** Smallest route symbol drawn, in screen pixels (a smaller one cannot be told apart). */
const MIN_SYMBOL_PX = 5;

/**
 * The size (map units) of the route colours' symbols on free track at the current zoom, or 0 when
 * they would be too small to read. They overflow the space's width a little (with a rim in the
 * other ink) so they read at the fitted view; colour-blind mode draws them larger still.
 */
export function routeSymbolSize(m) {
  return routeSymbolPx(m) >= MIN_SYMBOL_PX ? routeSymbolPx(m) / m.view.scale : 0;
}

/** The size the route symbols have on screen (px) at the current zoom, drawn or not. */
export function routeSymbolPx(m) {
  return m.style.spaceW * (m.state.colorBlind ? 1.3 : 1.1) * m.view.scale;
}

/** Free track: muted coloured spaces with the colour's symbol when large enough. */
export function drawTrack(ctx, m, g) {
  const SPACE_W = m.style.spaceW;
  const color = g.route.color;
  const fill = CARD_COLORS[color] ?? CARD_COLORS.gray;
  const symSize = color === "gray" ? 0 : Math.min(routeSymbolSize(m), g.len * 0.8);
  const base = ctx.globalAlpha;
  eachSpace(ctx, g, (i) => {
    if (g.ship) {
      // Ship spaces are ovals (train spaces are rectangles).
      ctx.beginPath();
      ctx.ellipse(0, 0, g.len / 2 + 0.3, SPACE_W / 2 + 0.2, 0, 0, Math.PI * 2);
    } else {
      roundRect(ctx, -g.len / 2, -SPACE_W / 2, g.len, SPACE_W, 1.8 * SPACE_W / 9.5);
    }
    ctx.globalAlpha = base * 0.72;  // free track is muted; trains on it are full colour
    ctx.fillStyle = fill;
    ctx.shadowColor = "rgba(40,30,10,0.35)";
    ctx.shadowBlur = 2;
    ctx.shadowOffsetY = 0.8;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.globalAlpha = base;
    ctx.lineWidth = 0.8;
    ctx.strokeStyle = color === "white" ? "rgba(60,50,30,0.75)" : "rgba(30,24,14,0.55)";
    if (g.ship) {
      ctx.lineWidth = 0.9;
      ctx.strokeStyle = "rgba(20,50,80,0.85)";
    }
    ctx.stroke();
    if (g.rough(i)) {
      // Rough terrain: a mountain mark (this space costs two cards).
      ctx.save();
      ctx.rotate(-g.angle);
      const mm = SPACE_W * 0.55;
      ctx.beginPath();
      ctx.moveTo(-mm, mm * 0.55);
      ctx.lineTo(-mm * 0.3, -mm * 0.6);
      ctx.lineTo(0, -mm * 0.05);
      ctx.lineTo(mm * 0.35, -mm * 0.75);
      ctx.lineTo(mm, mm * 0.55);
      ctx.closePath();
      ctx.fillStyle = "rgba(70,45,20,0.9)";
      ctx.fill();
      ctx.lineWidth = 0.5;
      ctx.strokeStyle = "#fff";
      ctx.stroke();
      ctx.restore();
      return;
    }
    if (symSize) drawSymbol(ctx, g, color, symSize);
  });
}

/**
 * Which pieces of a claimed route carry the owner's symbol (seatmarks.js says why): the middle
 * one always, every one in colour-blind mode.
 */
function marked(m, g, i) {
  return m.state.colorBlind || i === Math.floor((g.spaces.length - 1) / 2);
}

/**
 * The symbol of colour `name` (a route's colour, or a piece owner's mark) on a space or a piece
 * (the canvas is on it, turned along the route): upright, in the ink that reads on that colour,
 * with a thin contrasting rim so it also reads where it overlaps the edge. Returns 1 when drawn.
 */
function drawSymbol(ctx, g, name, size) {
  const path = SYMBOL_PATHS[name];
  if (!path) return 0;
  const ink = inkOn(name);
  const k = size / 24;
  ctx.save();
  ctx.rotate(-g.angle);
  ctx.scale(k, k);
  ctx.translate(-12, -12);
  ctx.lineJoin = "round";
  ctx.lineWidth = 2.8;
  ctx.strokeStyle = ink === "#ffffff" ? "rgba(20,16,10,0.65)" : "rgba(255,255,255,0.7)";
  ctx.stroke(path);
  ctx.fillStyle = ink;
  ctx.fill(path);
  ctx.restore();
  return 1;
}

/** The light inner outline of colour-blind mode: neighbouring pieces of two players stay apart. */
function strongOutline(ctx, k) {
  ctx.lineWidth = 0.9 * k;
  ctx.strokeStyle = "rgba(255,255,255,0.9)";
  ctx.stroke();
}

/** Claimed ship route: little boats in the owner's colour; returns how many carry the owner's mark. */
export function drawShips(ctx, m, g, color, mark = null) {
  const SPACE_W = m.style.spaceW;
  let marks = 0;
  eachSpace(ctx, g, (i) => {
    const L = g.len + 0.8, W = SPACE_W + 1.4;
    ctx.beginPath();
    ctx.moveTo(-L / 2, -W * 0.22);
    ctx.quadraticCurveTo(0, -W * 0.62, L / 2, -W * 0.22);
    ctx.quadraticCurveTo(L * 0.42, W * 0.5, 0, W * 0.5);
    ctx.quadraticCurveTo(-L * 0.42, W * 0.5, -L / 2, -W * 0.22);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.shadowColor = "rgba(0,0,0,0.45)";
    ctx.shadowBlur = 2;
    ctx.shadowOffsetY = 0.8;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.lineWidth = 1.1;
    ctx.strokeStyle = "rgba(10,8,4,0.9)";
    ctx.stroke();
    if (m.state.colorBlind) strongOutline(ctx, SPACE_W / 9.5);
    if (mark && marked(m, g, i)) {
      ctx.translate(0, W * 0.08);
      marks += drawSymbol(ctx, g, mark, SPACE_W * 0.78);
      return;
    }
    ctx.fillStyle = "rgba(255,255,255,0.8)";
    ctx.beginPath();
    ctx.ellipse(0, -W * 0.05, L * 0.22, W * 0.13, 0, 0, Math.PI * 2);
    ctx.fill();
  });
  return marks;
}

/**
 * Claimed train route: coupled train cars in the owner's colour (windows when large enough);
 * returns how many cars carry the owner's mark.
 */
export function drawTrains(ctx, m, g, color, mark = null) {
  const SPACE_W = m.style.spaceW;
  const k = SPACE_W / 9.5;
  const detail = m.view.scale * SPACE_W >= 5.5;
  // A dark coupling line under the cars: claimed routes read as one train.
  ctx.save();
  ctx.strokeStyle = "rgba(20,16,10,0.85)";
  ctx.lineWidth = 3 * k;
  ctx.beginPath();
  ctx.moveTo(g.ax + g.dx * g.start, g.ay + g.dy * g.start);
  ctx.lineTo(g.ax + g.dx * g.end, g.ay + g.dy * g.end);
  ctx.stroke();
  ctx.restore();
  let marks = 0;
  eachSpace(ctx, g, (i) => {
    const L = g.len + k, W = SPACE_W + 2 * k;
    roundRect(ctx, -L / 2, -W / 2, L, W, 2.6 * k);
    ctx.fillStyle = color;
    ctx.shadowColor = "rgba(0,0,0,0.45)";
    ctx.shadowBlur = 3;
    ctx.shadowOffsetY = 1.2;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.lineWidth = 1.8 * k;
    ctx.strokeStyle = "rgba(10,8,4,0.9)";
    ctx.stroke();
    if (m.state.colorBlind) {
      roundRect(ctx, -L / 2 + 1.3 * k, -W / 2 + 1.3 * k, L - 2.6 * k, W - 2.6 * k, 1.6 * k);
      strongOutline(ctx, k);
    }
    if (mark && marked(m, g, i)) {
      marks += drawSymbol(ctx, g, mark, Math.min(W, L) * 0.72);
    } else if (detail) {
      // Windows and a highlight: it reads as a little train car.
      ctx.fillStyle = "rgba(255,255,255,0.28)";
      roundRect(ctx, -L / 2 + 1.5, -W / 2 + 1.2, L - 3, W * 0.28, 1.2);
      ctx.fill();
      ctx.fillStyle = "rgba(255,255,255,0.75)";
      const n = Math.max(1, Math.floor((L - 4) / 6));
      const ww = (L - 4) / n;
      for (let j = 0; j < n; j++) {
        ctx.fillRect(-L / 2 + 2 + j * ww + ww * 0.22, -W * 0.12, ww * 0.56, W * 0.3);
      }
    }
  });
  return marks;
}
