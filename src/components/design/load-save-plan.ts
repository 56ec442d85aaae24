// The save plan's checks (zod and the design and profile schemas) are fetched at the first edit and
// awaited by the save, which comes after the autosave delay; every call resolves with the one module, fetched once.
export const loadSavePlan = () => import("./save-plan");
