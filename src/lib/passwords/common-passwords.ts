import { dictionary } from "@zxcvbn-ts/language-common";

let common: Set<string> | undefined;

/**
 * True for one of the 49,233 most common passwords of zxcvbn-ts's bundled list (checked offline,
 * ignoring case): the ones a guesser tries first.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}
