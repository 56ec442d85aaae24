// zod compiles object parsers with `new Function` when it may; probing for that is an eval the app's
// Content-Security-Policy refuses, and the browser reports it as a violation although zod catches it.

/**
 * Turns the probe off through the global object zod reads its settings from (zod/v4/core's
 * globalConfig), so it holds for zod loaded later, on demand, without loading zod for this alone.
 */
export function turnOffZodEvalProbe(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
