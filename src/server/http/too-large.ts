const KB = 1024;
const MB = 1024 * KB;

function sizeText(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;
}

/** The 413 message, the same wherever a body is refused. */
export function tooLargeDetail(limit: number): string {
  return `Request body is too large (at most ${sizeText(limit)}).`;
}
