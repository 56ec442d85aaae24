import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { RANGE_MESSAGES } from "@/lib/schemas/analytics";
import { handleRestRequest } from "@/server/rest/handler";
import { registeredUser } from "./helpers";

/** Days far from now, at any zone's edge: every analytics call answers 400 naming the field, never 500 (dates run from 2000 to 2100). */

async function owner() {
  const user = await registeredUser("far-dates");
  await user.caller.profile.updateSlug({ slug: `far_${randomUUID().slice(0, 8)}` });
  const link = await user.caller.link.create({ title: "First", url: "first.example.com" });
  const login = await handleRestRequest(
    new Request("http://localhost/api/v1/auth/login/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    }),
  );
  const { access } = (await login.json()) as { access: string };
  const get = async (path: string) => {
    const response = await handleRestRequest(
      new Request(`http://localhost/api/v1${path}`, { headers: { authorization: `Bearer ${access}` } }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { ...user, linkId: link.id, get };
}

const REPORTS = ["overview", "timeline", "links", "devices"] as const;

/** Each far range with the field it names and the zone it is read in. */
const FAR_RANGES = [
  { query: "from=9999-12-25&to=9999-12-31&tz=UTC", field: "from" },
  { query: "from=2100-12-25&to=2101-01-02&tz=Etc/GMT%2B12", field: "to" },
  { query: "from=1999-12-31&to=2000-01-06&tz=Pacific/Kiritimati", field: "from" },
  { query: "from=1000-01-01&to=1000-01-02&tz=Etc/GMT-14", field: "from" },
  { query: "from=2026-03-01&to=9999-12-31&tz=Etc/GMT%2B12", field: "to" },
] as const;

async function trpcField(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "accepted";
  } catch (error) {
    const cause = (error as TRPCError & { cause?: { issues?: { path: string[]; message: string }[] } }).cause;
    const issue = cause?.issues?.[0];
    return `${(error as TRPCError).code} ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`;
  }
}

describe("analytics ranges far from now", () => {
  it("answers 400 naming the date over REST for every report and a link's detail, in parallel", async () => {
    const user = await owner();
    const paths = [...REPORTS.map((report) => `/analytics/${report}/`), `/analytics/links/${user.linkId}/`];
    const cases = FAR_RANGES.flatMap((range) => paths.map((path) => ({ path: `${path}?${range.query}`, field: range.field })));
    const answers = await Promise.all(cases.map(async ({ path }) => user.get(path)));
    answers.forEach((answer, index) => {
      const { path, field } = cases[index]!;
      expect(answer.status, path).toBe(400);
      expect(answer.body[field], path).toContain(RANGE_MESSAGES.years);
    });
  });

  it("answers BAD_REQUEST over tRPC, the export in Etc/GMT+12 included, as REST does", async () => {
    const user = await owner();
    const far = { from: "9999-12-25", to: "9999-12-31" };
    const expected = `BAD_REQUEST from ${RANGE_MESSAGES.years}`;
    for (const tz of ["UTC", "Etc/GMT+12", "Etc/GMT-14"]) {
      expect(await trpcField(user.caller.analytics.export({ ...far, tz })), tz).toBe(expected);
      expect(await trpcField(user.caller.analytics.export({ ...far, tz, format: "json" })), tz).toBe(expected);
      expect(await trpcField(user.caller.analytics.overview({ ...far, tz })), tz).toBe(expected);
      expect(await trpcField(user.caller.analytics.timeline({ ...far, tz })), tz).toBe(expected);
      expect(await trpcField(user.caller.analytics.links({ ...far, tz })), tz).toBe(expected);
      expect(await trpcField(user.caller.analytics.devices({ ...far, tz })), tz).toBe(expected);
      expect(await trpcField(user.caller.analytics.link({ ...far, tz, id: user.linkId })), tz).toBe(expected);
    }
  });

  it("still answers the first and last days allowed in the zones furthest from UTC", async () => {
    const user = await owner();
    for (const query of ["from=2000-01-01&to=2000-01-07&tz=Pacific/Kiritimati", "from=2100-12-25&to=2100-12-31&tz=Etc/GMT%2B12"]) {
      for (const report of REPORTS) expect((await user.get(`/analytics/${report}/?${query}`)).status, `${report} ${query}`).toBe(200);
      expect((await user.get(`/analytics/links/${user.linkId}/?${query}`)).status, query).toBe(200);
    }
    const edge = { from: "2100-12-25", to: "2100-12-31", tz: "Etc/GMT+12" };
    expect((await user.caller.analytics.export(edge)).content).toContain("2100-12-31,0,0");
    // The hourly chart stops at the current hour, so a day still to come answers with no hours rather than failing.
    expect((await user.caller.analytics.timeline({ ...edge, from: "2100-12-31", interval: "hour" })).data).toEqual([]);
    expect(
      (await user.caller.analytics.timeline({ from: "2000-01-01", to: "2000-01-01", tz: "Pacific/Kiritimati", interval: "hour" })).data,
    ).toHaveLength(24);
  });
});
