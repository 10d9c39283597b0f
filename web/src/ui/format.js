// Number formats for the panels: short, stable widths, no locale surprises.
export function formatRate(perSecond) {
  if (!Number.isFinite(perSecond) || perSecond <= 0) return '0';
  if (perSecond >= 100) return String(Math.round(perSecond));
  return perSecond.toFixed(1);
}

export function formatCount(n) {
  if (!Number.isFinite(n)) return '–';
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(2)}G`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return String(Math.round(n));
}

// Compact, for the live panel.
export function formatValue(value) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${(value / 1e6).toFixed(3)}M`;
  if (abs >= 1e3) return `${(value / 1e3).toFixed(1)}k`;
  return value.toFixed(1);
}

// Whole, digits grouped by commas ("12,400"): the hint's points.
export function formatWhole(value) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatPercent(share) {
  if (!Number.isFinite(share)) return '–';
  return `${Math.round(share * 100)}%`;
}
