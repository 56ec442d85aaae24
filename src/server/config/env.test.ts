import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { EnvironmentError, validateEnvironment, variables } from "./env";

function readmeSection(title: string): string {
  const readme = fs.readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `docs/configuration.md has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("environment", () => {
  it("has every variable documented in docs/configuration.md", () => {
    const section = readmeSection("Configuration");
    const undocumented = Object.keys(variables).filter((name) => !section.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it("describes every variable", () => {
    const undescribed = Object.entries(variables).filter(([, schema]) => !schema.description);
    expect(undescribed.map(([name]) => name)).toEqual([]);
  });

  it("fills defaults and types values", () => {
    const parsed = validateEnvironment({ PORT: "3120", TRUST_PROXY: "1", RATE_LIMIT_PREFIX: " blue ", COUNTRY_HEADER: "CF-IPCountry" });
    expect(parsed.PORT).toBe(3120);
    expect(parsed.TRUST_PROXY).toBe(true);
    expect(parsed.RATE_LIMIT_PREFIX).toBe("blue");
    expect(parsed.COUNTRY_HEADER).toBe("cf-ipcountry");
    expect(parsed.DATA_DIR).toBe(".data");
    expect(parsed.ANALYTICS_MAX_BATCH).toBe(500);
    expect(parsed.GOOGLE_JWKS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
  });

  it("takes a blank value as unset", () => {
    expect(validateEnvironment({ PORT: "", DATA_DIR: "  " })).toMatchObject({ PORT: 3000, DATA_DIR: ".data" });
  });

  it("stops with the name of each invalid variable", () => {
    const invalid = { PORT: "http", TRUST_PROXY: "yes", ANALYTICS_WRITERS: "-2", DATABASE_URL: "mysql://db" };
    expect(() => validateEnvironment(invalid)).toThrow(EnvironmentError);
    for (const name of Object.keys(invalid)) expect(() => validateEnvironment(invalid)).toThrow(new RegExp(`${name}: `));
  });
});
