// The profile rules' numbers, messages and input clean-up without their zod schemas, for screens that
// ship no zod (the schemas, which use them, are in profile.ts and re-export them).

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 30;
export const ONBOARDING_BIO_MAX_LENGTH = 160;
export const BIO_MAX_LENGTH = 500;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const USERNAME_TAKEN = "This username is already taken";
export const USERNAME_RESERVED = "This username is reserved";
export const SLUG_CHARACTERS_MESSAGE = "Username can only contain letters, numbers, underscores and hyphens";
/** The rule slugSchema holds, as the forms that choose a slug say it. */
export const SLUG_RULE_HINT = `${SLUG_MIN_LENGTH}–${SLUG_MAX_LENGTH} characters: letters, numbers, underscores and hyphens.`;

/** What the inputs do as the user types: lower-case, and drop characters a slug cannot hold. */
export function cleanSlugInput(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, "");
}
