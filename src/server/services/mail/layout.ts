import { appOrigin } from "@/server/config/app-origin";

export const PRODUCT_NAME = "Linkbio";

/** What a message says, before the product's frame is put around it. */
export interface MessageContent {
  subject: string;
  /** Paragraphs of plain text; an action renders as a button in HTML and a bare link in text. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines after the action (e.g. "The link expires in 60 minutes"). */
  footnotes?: string[];
  /** Shown at the foot of the message with its one-click address. */
  unsubscribeUrl?: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

/** Every link a message carries starts at APP_URL, never at a request's Host. */
export function appLink(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, appOrigin());
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export function renderMessage(content: MessageContent): RenderedMessage {
  const textParts = [...content.paragraphs];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`);
  textParts.push(...(content.footnotes ?? []));
  textParts.push(`— ${PRODUCT_NAME} (${appOrigin()})`);
  if (content.unsubscribeUrl) textParts.push(`Unsubscribe: ${content.unsubscribeUrl}`);

  const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or open this address: <a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const unsubscribe = content.unsubscribeUrl
    ? `<p style="margin:16px 0 0;font-size:12px;color:#6b7280"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> from these emails.</p>`
    : "";
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f9fafb;font-family:Inter,Arial,sans-serif;color:#111827">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">`,
    `<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#4f46e5">${PRODUCT_NAME}</p>`,
    ...content.paragraphs.map(paragraph),
    action,
    ...(content.footnotes ?? []).map((line) => `<p style="margin:0 0 8px;font-size:13px;color:#4b5563">${escapeHtml(line)}</p>`),
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${PRODUCT_NAME} · <a href="${escapeHtml(appOrigin())}" style="color:#6b7280">${escapeHtml(appOrigin())}</a></p>`,
    unsubscribe,
    `</div></body></html>`,
  ].join("");
  return { subject: content.subject, text: textParts.join("\n\n") + "\n", html };
}
