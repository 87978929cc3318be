// The map's background, drawn once per map into an image: a framed parchment land map (classic)
// or a sea with land hinted around the railways (world). `m` is the map: {board, style, geo, cities}.
import { PARCHMENT, roundRect } from "./style.js";
import { eachCopy } from "./tracks.js";

// Backgrounds drawn into an image, by map: soft shapes are too slow to redraw every frame.
const cache = new WeakMap();

/**
 * Where each look draws its compass rose, in map units ({x, y, r}: the centre and the radius; the
 * "N" stands above it). Classic: the empty south-west. The sea: the open South Atlantic, away from
 * the map's corners: in the bottom-right corner the zoom buttons covered it wherever the map
 * reached them (a replay at 1280×800, any window about 1024 px wide).
 */
export function compassAt(m) {
  return m.style.background === "sea" ? { x: 330, y: 430, r: 21 } : { x: 78, y: 600, r: 34 };
}

/** The compass's box on screen (canvas pixels) in `view`, its "N" included (for tests). */
export function compassBox(m, view) {
  const { x, y, r } = compassAt(m);
  const s = view.scale;
  return { x0: (x - r * 1.1) * s + view.tx, x1: (x + r * 1.1) * s + view.tx,
    y0: (y - r * 1.12 - 12) * s + view.ty, y1: (y + r * 1.1) * s + view.ty };
}

/** Draws the background of `m`'s map (from a cached image for the sea look). */
export function drawBackground(ctx, m) {
  if (m.style.background === "sea") {
    let img = cache.get(m);
    if (!img) {
      const k = 2.5;
      img = document.createElement("canvas");
      img.width = Math.round(m.board.width * k);
      img.height = Math.round(m.board.height * k);
      const bctx = img.getContext("2d");
      bctx.scale(k, k);
      drawSea(bctx, m);
      cache.set(m, img);
    }
    ctx.drawImage(img, 0, 0, m.board.width, m.board.height);
    return;
  }
  drawParchment(ctx, m);
}

/** Sea with land masses hinted around the cities and railways (the data has no coastlines). */
function drawSea(ctx, m) {
  const { width: W, height: H } = m.board;
  const sea = ctx.createLinearGradient(0, 0, 0, H);
  sea.addColorStop(0, "#b9d3da");
  sea.addColorStop(0.5, "#a9c9d3");
  sea.addColorStop(1, "#b9d3da");
  ctx.fillStyle = sea;
  ctx.fillRect(0, 0, W, H);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, W, H);
  ctx.clip();
  // Graticule.
  ctx.strokeStyle = "rgba(40,80,110,0.12)";
  ctx.lineWidth = 0.8;
  for (let i = 1; i < 12; i++) {
    ctx.beginPath();
    ctx.moveTo((i * W) / 12, 0);
    ctx.lineTo((i * W) / 12, H);
    ctx.stroke();
  }
  for (let j = 1; j < 6; j++) {
    ctx.beginPath();
    ctx.moveTo(0, (j * H) / 6);
    ctx.lineTo(W, (j * H) / 6);
    ctx.stroke();
  }
  // Land: thick soft strokes along the train routes and discs around the cities.
  const land = (width, color, blur) => {
    ctx.save();
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = width;
    ctx.shadowColor = color;
    ctx.shadowBlur = blur;
    for (const g of m.geo.values()) {
      if (g.ship) continue;
      eachCopy(ctx, m, g, () => {
        const a = m.cities.get(g.route.a);
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(g.ax + g.dx * (g.end + m.style.cityGap), g.ay + g.dy * (g.end + m.style.cityGap));
        ctx.stroke();
      });
    }
    for (const c of m.board.cities) {
      if (c.junction) continue;
      ctx.beginPath();
      ctx.arc(c.x, c.y, width * 0.62, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
  };
  land(34, "rgba(222,206,164,0.9)", 10);
  land(24, "#efe3c4", 4);
  ctx.restore();
  // Frame: only top and bottom; east and west are the seam.
  ctx.strokeStyle = "rgba(40,70,95,0.55)";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(0, 1); ctx.lineTo(W, 1);
  ctx.moveTo(0, H - 1); ctx.lineTo(W, H - 1);
  ctx.stroke();
  ctx.setLineDash([4, 4]);
  ctx.strokeStyle = "rgba(40,70,95,0.45)";
  ctx.beginPath();
  ctx.moveTo(0.5, 0); ctx.lineTo(0.5, H);
  ctx.moveTo(W - 0.5, 0); ctx.lineTo(W - 0.5, H);
  ctx.stroke();
  ctx.setLineDash([]);
  drawCompass(ctx, compassAt(m));
  ctx.fillStyle = "rgba(40,60,80,0.7)";
  ctx.font = "italic 600 19px Georgia, 'Times New Roman', serif";
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(m.title, 22, H - 22);
  ctx.font = "9px Georgia, serif";
  ctx.fillStyle = "rgba(40,60,80,0.6)";
  ctx.fillText("RAILTRIP", 24, H - 10);
}

/** Parchment with a graticule, a double frame, a compass rose and the title cartouche. */
function drawParchment(ctx, m) {
  const { width: W, height: H } = m.board;
  const grad = ctx.createRadialGradient(W * 0.5, H * 0.45, W * 0.1, W * 0.5, H * 0.5, W * 0.75);
  grad.addColorStop(0, "#f6ecd2");
  grad.addColorStop(0.7, PARCHMENT);
  grad.addColorStop(1, "#d9c79c");
  ctx.fillStyle = grad;
  roundRect(ctx, 0, 0, W, H, 14);
  ctx.fill();
  // Graticule.
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = "rgba(120,96,60,0.13)";
  ctx.lineWidth = 1;
  for (let i = -2; i <= 12; i++) {
    ctx.beginPath();
    ctx.moveTo(i * 100 - 60, -10);
    ctx.quadraticCurveTo(i * 100 + 10, H / 2, i * 100 - 60, H + 10);
    ctx.stroke();
  }
  for (let j = 1; j < 7; j++) {
    ctx.beginPath();
    ctx.moveTo(-10, j * 100);
    ctx.quadraticCurveTo(W / 2, j * 100 - 40, W + 10, j * 100);
    ctx.stroke();
  }
  ctx.restore();
  // Frame.
  ctx.strokeStyle = "rgba(92,70,38,0.55)";
  ctx.lineWidth = 3;
  roundRect(ctx, 1.5, 1.5, W - 3, H - 3, 13);
  ctx.stroke();
  ctx.strokeStyle = "rgba(92,70,38,0.3)";
  ctx.lineWidth = 1;
  roundRect(ctx, 7, 7, W - 14, H - 14, 10);
  ctx.stroke();
  drawCompass(ctx, compassAt(m));
  // Title cartouche in the empty north-east.
  ctx.fillStyle = "rgba(92,70,38,0.75)";
  ctx.font = "italic 600 30px Georgia, 'Times New Roman', serif";
  ctx.textAlign = "right";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(m.title, W - 30, 58);
  ctx.font = "13px Georgia, serif";
  ctx.fillStyle = "rgba(92,70,38,0.6)";
  ctx.fillText("RAILTRIP", W - 32, 80);
}

function drawCompass(ctx, { x, y, r }) {
  ctx.save();
  ctx.translate(x, y);
  ctx.strokeStyle = "rgba(92,70,38,0.5)";
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.78, 0, Math.PI * 2);
  ctx.stroke();
  for (let i = 0; i < 4; i++) {
    ctx.rotate(Math.PI / 2);
    ctx.beginPath();
    ctx.moveTo(0, -r * 1.1);
    ctx.lineTo(r * 0.16, 0);
    ctx.lineTo(-r * 0.16, 0);
    ctx.closePath();
    ctx.fillStyle = i === 3 ? "rgba(160,50,40,0.75)" : "rgba(92,70,38,0.6)";
    ctx.fill();
  }
  ctx.restore();
  ctx.fillStyle = "rgba(92,70,38,0.8)";
  ctx.font = "bold 12px Georgia, serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.fillText("N", x, y - r * 1.12);
}
