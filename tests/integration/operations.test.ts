describe("hostile metrics credentials", () => {
  it.each([
    ["no scheme", TOKEN],
    ["Basic", `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`],
    ["an empty bearer", "Bearer "],
    ["a prefix of the token", `Bearer ${TOKEN.slice(0, -1)}`],
    ["the token and more", `Bearer ${TOKEN}x`],
    ["a huge header", `Bearer ${"x".repeat(8_000)}`],
  ])("%s: 401, and nothing collected", async (_, authorization) => {
    process.env.METRICS_TOKEN = TOKEN;
    const answer = await fetch(`${origin}/metrics`, { headers: { authorization } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await answer.text()).not.toContain("linkbio_");
  });
});
