/** The browser's own confirmation, worded exactly (docs/product/accounts.md#delete-profile). */
export const DELETE_PROFILE_QUESTION = "Are you sure you want to delete this profile?";

export function confirmProfileDeletion(): boolean {
  return window.confirm(DELETE_PROFILE_QUESTION);
}
