// A live line chart of score against moves on a canvas: the current game in
// colour over the last few games in grey, with the milestone tiles marked.
// It redraws at most once per animation frame, however fast the moves come.
const COLORS = {
  background: '#faf8ef',
  grid: 'rgba(187, 173, 160, 0.35)',
  axis: '#bbada0',
  text: '#776e65',
  current: '#f65e3b',
  previous: 'rgba(119, 110, 101, 0.28)',
  milestone: '#edc22e',
};
const KEEP_PREVIOUS = 5;

// Round axis steps: 1, 2, 5 x 10^k, giving about `count` ticks.
export function niceStep(range, count = 5) {
  if (range <= 0) return 1;
  const raw = range / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function shortNumber(n) {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(n);
}

export class ScoreChart {
  constructor(canvas) {
    this.canvas = canvas;
    this.context = canvas.getContext('2d');
    this.current = [];
    this.previous = [];
    this.milestones = [];
    this.framePending = false;
    new ResizeObserver(() => this.requestDraw()).observe(canvas);
  }

  add(move, score) {
    this.current.push(move, score);
    this.canvas.dataset.points = String(this.current.length / 2);
    this.requestDraw();
  }

  markMilestone(tile, move) {
    this.milestones.push({ tile, move });
    this.requestDraw();
  }

  // Keeps the finished game as a grey line and starts a new one.
  nextGame() {
    if (this.current.length) this.previous.push(this.current);
    if (this.previous.length > KEEP_PREVIOUS) this.previous.shift();
    this.current = [];
    this.milestones = [];
    this.canvas.dataset.points = '0';
    this.requestDraw();
  }

  clear() {
    this.previous = [];
    this.current = [];
    this.milestones = [];
    this.canvas.dataset.points = '0';
    this.requestDraw();
  }

  requestDraw() {
    if (this.framePending) return;
    this.framePending = true;
    requestAnimationFrame(() => {
      this.framePending = false;
      this.draw();
    });
  }

  draw() {
    const { canvas, context: ctx } = this;
    const ratio = globalThis.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (!width || !height) return;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = COLORS.background;
    ctx.fillRect(0, 0, width, height);

    const series = [...this.previous, this.current];
    let maxMove = 10;
    let maxScore = 100;
    for (const points of series) {
      if (points.length) {
        maxMove = Math.max(maxMove, points[points.length - 2]);
        maxScore = Math.max(maxScore, points[points.length - 1]);
      }
    }
    const pad = { left: 46, right: 10, top: 10, bottom: 24 };
    const plotW = width - pad.left - pad.right;
    const plotH = height - pad.top - pad.bottom;
    const xStep = niceStep(maxMove);
    const yStep = niceStep(maxScore);
    maxMove = Math.ceil(maxMove / xStep) * xStep;
    maxScore = Math.ceil(maxScore / yStep) * yStep;
    const x = (move) => pad.left + (move / maxMove) * plotW;
    const y = (score) => pad.top + plotH - (score / maxScore) * plotH;

    ctx.font = '11px system-ui, sans-serif';
    ctx.lineWidth = 1;
    ctx.fillStyle = COLORS.text;
    ctx.strokeStyle = COLORS.grid;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let s = 0; s <= maxScore; s += yStep) {
      ctx.beginPath();
      ctx.moveTo(pad.left, Math.round(y(s)) + 0.5);
      ctx.lineTo(width - pad.right, Math.round(y(s)) + 0.5);
      ctx.stroke();
      ctx.fillText(shortNumber(s), pad.left - 6, y(s));
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let m = 0; m <= maxMove; m += xStep) {
      ctx.fillText(shortNumber(m), x(m), height - pad.bottom + 6);
    }

    ctx.strokeStyle = COLORS.milestone;
    ctx.setLineDash([4, 3]);
    ctx.textAlign = 'left';
    for (const { tile, move } of this.milestones) {
      ctx.beginPath();
      ctx.moveTo(Math.round(x(move)) + 0.5, pad.top);
      ctx.lineTo(Math.round(x(move)) + 0.5, pad.top + plotH);
      ctx.stroke();
      ctx.fillText(String(tile), x(move) + 3, pad.top + 2);
    }
    ctx.setLineDash([]);

    for (const points of this.previous) this.line(points, x, y, plotW, COLORS.previous, 1.5);
    this.line(this.current, x, y, plotW, COLORS.current, 2.5);
  }

  // Draws at most about two points per pixel of width, so long games stay cheap.
  line(points, x, y, plotW, color, lineWidth) {
    const n = points.length / 2;
    if (n < 1) return;
    const ctx = this.context;
    const stride = Math.max(1, Math.floor(n / (plotW * 2)));
    ctx.strokeStyle = color;
    ctx.lineWidth = lineWidth;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(x(points[0]), y(points[1]));
    for (let i = stride; i < n; i += stride) ctx.lineTo(x(points[2 * i]), y(points[2 * i + 1]));
    ctx.lineTo(x(points[2 * n - 2]), y(points[2 * n - 1]));
    ctx.stroke();
  }
}
