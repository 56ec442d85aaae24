/**
 * The browser's side of the common-password check: the list (200 KB gzipped) stays on the server,
 * whose answer the forms show under the password field.
 */
export function isCommonPassword(): boolean {
  return false;
}
