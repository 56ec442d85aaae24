import { describe, expect, it } from "vitest";
import { HELP_SECTIONS, searchHelp } from "./help-topics";

describe("the Help Center's search", () => {
  it("covers the seven topics, each answer linking only into the app", () => {
    expect(HELP_SECTIONS.map((section) => section.title)).toEqual([
      "Getting started",
      "Links",
      "Design",
      "Sharing and QR codes",
      "Analytics and how counting works",
      "Account and security",
      "The API",
    ]);
    for (const link of HELP_SECTIONS.flatMap((section) => section.answers.flatMap((answer) => answer.links ?? []))) {
      expect(link.href).toMatch(/^\/[a-z]/);
    }
  });

  it("keeps the answers that hold every word (by word start, any case or accent), and nothing for a miss", () => {
    const qr = searchHelp("QR CODE");
    expect(qr.flatMap((section) => section.answers.map((answer) => answer.question))).toContain("How do I get a QR code?");
    expect(qr.map((section) => section.id)).not.toContain("account");
    expect(searchHelp("sched").flatMap((section) => section.answers.map((answer) => answer.question))).toContain(
      "How do I schedule a link?",
    );
    expect(searchHelp("pássword common")[0]?.answers[0]?.question).toBe("How do I change my password?");
    expect(searchHelp("zebra unicorn")).toEqual([]);
    expect(searchHelp("   ")).toBe(HELP_SECTIONS);
  });
});
