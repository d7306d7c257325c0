// Grouped bar charts as plain SVG text, drawn by the harness itself (no
// plotting service); used by report.mjs and by the browser benchmark page.
export const COLORS = {
  wtensor: '#1f6feb',
  'wt-2t': '#0a3069',
  'wt-matmul': '#79c0ff',
  'wt-lazy': '#2da44e',
  'tfjs-wasm': '#f0883e',
  'ort-1t': '#8957e5',
  'ort-2t': '#bc8cff',
  'tfjs-cpu': '#d29922',
  ndarray: '#3fb950',
  numpy: '#6e7781',
};
export const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

// grouped bars: groups = [{ label, bars: [{ name, value }] }], value axis from 0
export function barChart({ title, unit, groups, colors = {} }) {
  const color = (n) => colors[n] ?? COLORS[n] ?? '#999';
  const names = [...new Set(groups.flatMap((g) => g.bars.map((b) => b.name)))];
  const max = Math.max(1e-9, ...groups.flatMap((g) => g.bars.map((b) => b.value)));
  const bw = 14,
    gap = 26,
    left = 60,
    top = 40,
    h = 240;
  const gw = names.length * bw + gap;
  const legendWidth = names.reduce((w, n) => w + 30 + 6.5 * n.length, 0); // entries spaced by their label's length
  const width = Math.max(left + groups.length * gw + 20, left + legendWidth),
    height = top + h + 110;
  const y = (v) => top + h - (v / max) * h;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`,
  ];
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4;
    parts.push(
      `<line x1="${left}" x2="${width - 10}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v >= 10 ? v.toFixed(0) : v.toFixed(1)}</text>`,
    );
  }
  parts.push(
    `<text x="14" y="${top + h / 2}" transform="rotate(-90 14 ${top + h / 2})" text-anchor="middle">${esc(unit)}</text>`,
  );
  groups.forEach((g, gi) => {
    const x0 = left + gi * gw + gap / 2;
    names.forEach((n, ni) => {
      const bar = g.bars.find((b) => b.name === n);
      if (!bar) return;
      parts.push(
        `<rect x="${x0 + ni * bw}" y="${y(bar.value)}" width="${bw - 2}" height="${top + h - y(bar.value)}" fill="${color(n)}"><title>${esc(n)}: ${bar.value.toFixed(2)} ${esc(unit)}</title></rect>`,
      );
    });
    parts.push(
      `<text x="${x0 + (names.length * bw) / 2}" y="${top + h + 14}" text-anchor="end" transform="rotate(-35 ${x0 + (names.length * bw) / 2} ${top + h + 14})">${esc(g.label)}</text>`,
    );
  });
  let lx = left;
  for (const n of names) {
    parts.push(
      `<rect x="${lx}" y="${height - 18}" width="10" height="10" fill="${color(n)}"/>`,
      `<text x="${lx + 14}" y="${height - 9}">${esc(n)}</text>`,
    );
    lx += 30 + 6.5 * n.length;
  }
  parts.push('</svg>');
  return parts.join('\n');
}
