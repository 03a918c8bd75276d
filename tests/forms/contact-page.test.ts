import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactLimiter } from "../../server/contact/contact.ts";
import { fromAddress, ORIGIN } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** The contact page's form posted without JavaScript: the same schema as in the browser, words in the page's language. */
let site: { app: Hono; close: () => Promise<void> };
beforeAll(async () => {
  site = await loadSite();
  await contactLimiter.reset();
}, 60_000);
afterAll(() => site.close());

function post(path: string, fields: Record<string, string>) {
  return site.app.request(
    `${ORIGIN}${path}`,
    {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    },
    fromAddress("192.0.2.50"),
  );
}

describe("the contact page's action", () => {
  it("answers field problems in French and keeps what was typed", async () => {
    const response = await post("/fr/contact", { name: "Zoé « Z » Tremblay", email: "zoe@", message: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Veuillez corriger les champs indiqués en rouge.");
    expect(html).toContain("Veuillez entrer une adresse courriel valide.");
    expect(html.match(/Ce champ est obligatoire\./g)).toHaveLength(2);
    expect(html).toContain('value="Zoé « Z » Tremblay"');
    expect(html).toContain('value="zoe@"');
  });

  it("sends a complete message and says so", async () => {
    const response = await post("/contact", {
      name: "Ana",
      email: "ana@example.test",
      projectType: "decor",
      message: "A lamp, please.",
      newsletter: "on",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Message sent!");
    expect(html).not.toContain('value="Ana"');
  });
});
