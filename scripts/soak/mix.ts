// The soak benchmark's traffic: what an hour of a busy instance does, as actions a client picks by
// weight. Creators sign up, edit links, design and profile, upload images, fetch share images and QR
// codes, read Insights with filters and export; visitors view pages and click links.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { Pool } from "undici";
import { REFERRERS, USER_AGENTS } from "../bench-common";

const PASSWORD = "correct horse battery";
const COUNTRIES = ["US", "GB", "DE", "FR", "IN", "BR", "JP"];
const ZONES = ["UTC", "America/New_York", "Asia/Kolkata", "Europe/Berlin", "Australia/Sydney"];
const REPORTS = ["overview", "links", "timeline", "devices", "locations", "referrers", "browsers", "os", "utm", "realtime"];
const QR_SIZES = [256, 512, 1024, 2048];

export interface Creator {
  slug: string;
  token: string;
  linkIds: string[];
}

export class SoakError extends Error {}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomIp = () =>
  `${1 + Math.floor(Math.random() * 222)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Images to upload: distinct noise, so each upload is a new asset (the store is content-addressed). */
export async function uploadImages(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const side = 256 + 64 * (index % 8);
      const png = await sharp({
        create: { width: side, height: side, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 50 } },
      })
        .jpeg({ quality: 80 })
        .toBuffer();
      return `data:image/jpeg;base64,${png.toString("base64")}`;
    }),
  );
}

export class Traffic {
  readonly creators: Creator[] = [];
  private readonly pool: Pool;

  constructor(
    private readonly base: string,
    private readonly images: string[],
    connections: number,
  ) {
    this.pool = new Pool(base, { connections, pipelining: 1 });
  }

  /** One request; a 5xx or an unexpected status is an error the run reports. */
  private async call(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; expect?: number[] } = {},
  ) {
    const headers: Record<string, string> = { "x-forwarded-for": randomIp(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await this.pool.request({ method: method, path, headers, body });
    const bytes = Buffer.from(await response.body.arrayBuffer());
    if (!(options.expect ?? [200]).includes(response.statusCode)) {
      throw new SoakError(`${method} ${path.split("?")[0]} answered ${response.statusCode}: ${bytes.toString("utf8", 0, 200)}`);
    }
    return bytes;
  }

  private api(method: string, path: string, body?: unknown, token?: string, expect = [200, 201]) {
    return this.call(method, `/api/v1${path}`, { body, token, expect });
  }

  async signUp(): Promise<Creator> {
    const email = `soak-${randomUUID().slice(0, 12)}@example.com`;
    await this.api("POST", "/auth/register/", { email, password: PASSWORD, password_confirm: PASSWORD });
    const { access } = JSON.parse((await this.api("POST", "/auth/login/", { email, password: PASSWORD })).toString()) as { access: string };
    const slug = `soak_${randomUUID().slice(0, 12)}`;
    await this.api("POST", "/profiles/update-slug/", { slug }, access);
    const linkIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const link = JSON.parse(
        (await this.api("POST", "/links/", { title: `Link ${i + 1}`, url: `https://example.com/${slug}/${i}` }, access)).toString(),
      ) as {
        id: string;
      };
      linkIds.push(link.id);
    }
    const creator = { slug, token: access, linkIds };
    this.creators.push(creator);
    return creator;
  }

  private creator(): Creator {
    return pick(this.creators);
  }

  async view(): Promise<void> {
    const { slug } = this.creator();
    const referrer = pick(REFERRERS);
    const query =
      Math.random() < 0.2
        ? "?ref=qr"
        : Math.random() < 0.3
          ? `?utm_source=${pick(["newsletter", "instagram", "flyer"])}&utm_campaign=soak`
          : "";
    await this.call("GET", `/u/${slug}${query}`, {
      headers: {
        "user-agent": pick(USER_AGENTS),
        accept: "text/html",
        "cf-ipcountry": pick(COUNTRIES),
        ...(referrer ? { referer: referrer } : {}),
      },
    });
  }

  /** A page nobody has (a mistyped or probed address): answered 404, and its answer cached like a page. */
  async strayView(): Promise<void> {
    await this.call("GET", `/u/nobody_${randomUUID().slice(0, 12)}`, { headers: { "user-agent": pick(USER_AGENTS) }, expect: [404] });
  }

  async click(): Promise<void> {
    const { slug, linkIds } = this.creator();
    await this.call("POST", `/api/v1/links/${pick(linkIds)}/click/`, {
      body: JSON.stringify({ referrer: `${this.base}/u/${slug}` }),
      headers: { "user-agent": pick(USER_AGENTS), "content-type": "text/plain;charset=UTF-8", "cf-ipcountry": pick(COUNTRIES) },
      expect: [200, 202, 204],
    });
  }

  async edit(): Promise<void> {
    const { token, linkIds } = this.creator();
    const choice = Math.random();
    if (choice < 0.4) await this.api("PATCH", `/links/${pick(linkIds)}/`, { title: `Edited ${randomUUID().slice(0, 6)}` }, token);
    else if (choice < 0.7)
      await this.api(
        "PUT",
        "/profiles/design/",
        {
          button_color: `#${Math.floor(Math.random() * 0xffffff)
            .toString(16)
            .padStart(6, "0")}`,
        },
        token,
      );
    else await this.api("PATCH", "/profiles/me/", { display_name: `Soak ${randomUUID().slice(0, 6)}`, bio: `Bio ${Date.now()}` }, token);
  }

  async upload(): Promise<void> {
    const { token } = this.creator();
    if (Math.random() < 0.7) await this.api("PATCH", "/profiles/me/", { avatar_url: pick(this.images) }, token);
    else await this.api("PUT", "/profiles/design/", { wallpaper_type: "image", background_image_url: pick(this.images) }, token);
  }

  async shareImage(): Promise<void> {
    await this.call("GET", `/u/${this.creator().slug}/og.png`);
  }

  async qrCode(): Promise<void> {
    const { slug, token } = this.creator();
    const colors = pick(["page", "standard"]);
    const format = pick(["png", "svg"]);
    if (Math.random() < 0.5) await this.call("GET", `/api/share/qr?format=${format}&size=${pick(QR_SIZES)}&colors=${colors}`, { token });
    else await this.api("GET", `/profiles/${slug}/qr/?format=${format}&size=${pick(QR_SIZES)}&colors=${colors}`);
  }

  async insights(): Promise<void> {
    const { token } = this.creator();
    const params = new URLSearchParams({ tz: pick(ZONES) });
    if (Math.random() < 0.2) {
      const day = 1 + Math.floor(Math.random() * 20);
      params.set("from", `2026-0${1 + Math.floor(Math.random() * 9)}-${String(day).padStart(2, "0")}`);
      params.set("to", new Date().toISOString().slice(0, 10));
    } else params.set("days", String(pick([7, 30, 90])));
    if (Math.random() < 0.5) params.append("country", pick(COUNTRIES));
    if (Math.random() < 0.3) params.append("device", pick(["mobile", "desktop", "tablet"]));
    if (Math.random() < 0.2) params.append("referrer", pick(["Instagram", "Direct", "QR code"]));
    if (Math.random() < 0.1) params.append("utm_source", pick(["newsletter", "flyer"]));
    // The Insights screen asks for every report at once.
    await Promise.all(REPORTS.map((report) => this.api("GET", `/analytics/${report}/?${params.toString()}`, undefined, token, [200])));
  }

  async exportData(): Promise<void> {
    const { token } = this.creator();
    if (Math.random() < 0.5) {
      await this.api("GET", "/auth/user/export/", undefined, token, [200]);
      return;
    }
    const input = { json: { days: pick([7, 30, 90]), tz: pick(ZONES), format: pick(["csv", "json"]) } };
    await this.call("GET", `/api/trpc/analytics.export?input=${encodeURIComponent(JSON.stringify(input))}`, { token });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

export type Action = "signUp" | "view" | "strayView" | "click" | "edit" | "upload" | "shareImage" | "qrCode" | "insights" | "exportData";

/** How often each action comes, out of the total: mostly visitors, then creators at work. */
export const WEIGHTS: Record<Action, number> = {
  view: 45,
  strayView: 5,
  click: 20,
  edit: 8,
  insights: 5,
  shareImage: 5,
  qrCode: 5,
  upload: 3,
  exportData: 2,
  signUp: 2,
};

export function pickAction(only?: Action[]): Action {
  const weights = (Object.entries(WEIGHTS) as [Action, number][]).filter(([action]) => !only || only.includes(action));
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [action, weight] of weights) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return weights[0]![0];
}
