const SIZE = 25;

function finderCell(x: number, y: number): boolean | null {
  const right = x >= SIZE - 8;
  const bottom = y >= SIZE - 8;
  if (!((x < 8 || right) && (y < 8 || bottom)) || (right && bottom)) return null;
  const fx = right ? x - (SIZE - 7) : x;
  const fy = bottom ? y - (SIZE - 7) : y;
  if (fx < 0 || fy < 0 || fx > 6 || fy > 6) return false;
  return fx === 0 || fx === 6 || fy === 0 || fy === 6 || (fx >= 2 && fx <= 4 && fy >= 2 && fy <= 4);
}

function noise(x: number, y: number): boolean {
  let h = Math.imul(x + 17, 374761393) ^ Math.imul(y + 31, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) & 3) < 2;
}

function buildPath(): string {
  let d = "";
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const finder = finderCell(x, y);
      const timing = x === 6 || y === 6 ? (x + y) % 2 === 0 : null;
      const dark = finder ?? timing ?? noise(x, y);
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }
  }
  return d;
}

const path = buildPath();

/** A decorative QR-style code (not scannable) for the sharing illustration. */
export function QrCode({ className = "h-40 w-40" }: { className?: string }) {
  return (
    <svg viewBox="-2 -2 29 29" className={className} shapeRendering="crispEdges" aria-hidden="true" focusable="false">
      <rect x="-2" y="-2" width="29" height="29" fill="#fff" />
      <path d={path} fill="#254f1a" />
    </svg>
  );
}
