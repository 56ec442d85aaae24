// zod and the account schemas are fetched once an account form is focused (or submitted), so
// /settings ships without them; every call resolves with the one module, fetched once.
export const loadAccountRules = () => import("./account-rules");
