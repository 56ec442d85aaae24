// The save plan's checks (zod and the design and profile schemas) are fetched at the first edit and
// awaited by the save, which comes after the autosave delay; later calls share the same import.
let loading: Promise<typeof import("./save-plan")> | undefined;

export function loadSavePlan() {
  return (loading ??= import("./save-plan"));
}
