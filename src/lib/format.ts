const THOUSAND = 1_000;
const MILLION = 1_000_000;

/** One decimal, with a trailing ".0" dropped: 1 → "1", 1.46 → "1.5". */
function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

/**
 * A click count as the dashboard shows it: plain below 1,000, "K" from 1,000 and
 * "M" from 1,000,000, rounded to one decimal that is dropped when it is zero:
 * 999 → "999", 1000 → "1K", 1500 → "1.5K", 999949 → "999.9K", 999950 → "1M", 2345678 → "2.3M".
 * Anything that is not a non-negative finite number reads "0".
 */
export function formatClicks(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "0";
  const whole = Math.floor(count);
  if (whole < THOUSAND) return String(whole);
  const thousands = Math.round((whole / THOUSAND) * 10) / 10;
  if (thousands < THOUSAND) return `${oneDecimal(thousands)}K`;
  return `${oneDecimal(whole / MILLION)}M`;
}

/** "1 click", "0 clicks", "1.5K clicks". */
export function formatClickCount(count: number): string {
  return `${formatClicks(count)} ${count === 1 ? "click" : "clicks"}`;
}
