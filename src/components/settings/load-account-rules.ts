// zod and the account schemas are fetched once an account form is focused (or submitted), so
// /settings ships without them; later calls share the same import.
let loading: Promise<typeof import("./account-rules")> | undefined;

export function loadAccountRules() {
  return (loading ??= import("./account-rules"));
}
