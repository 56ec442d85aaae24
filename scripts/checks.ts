// Pass/fail lines for the operations scripts: each check prints as it finishes, a failure never
// stops the later checks, and the process exits non-zero when any failed.

export interface CheckList {
  /** Runs `body`; a thrown error is a failure, a returned string is printed as the check's figure. */
  check(name: string, body: () => Promise<string | void>): Promise<boolean>;
  /** Prints the summary and sets the exit code. */
  finish(): void;
}

export class CheckFailed extends Error {}

/** Fails the current check with `message` unless `condition` holds. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

export function checkList(title: string): CheckList {
  const results: { name: string; passed: boolean }[] = [];
  console.log(`\n${title}`);
  return {
    async check(name, body) {
      try {
        const figure = await body();
        results.push({ name, passed: true });
        console.log(`  PASS  ${name}${figure ? ` (${figure})` : ""}`);
        return true;
      } catch (error) {
        results.push({ name, passed: false });
        const reason = error instanceof CheckFailed ? error.message : String((error as Error)?.stack ?? error);
        console.log(`  FAIL  ${name}: ${reason}`);
        return false;
      }
    },
    finish() {
      const failed = results.filter((r) => !r.passed);
      console.log(
        `\n${results.length - failed.length} passed, ${failed.length} failed${failed.length ? `: ${failed.map((r) => r.name).join("; ")}` : ""}`,
      );
      if (failed.length) process.exitCode = 1;
    },
  };
}
