import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../domain/locale.ts";
import { renderEmail } from "./compose.ts";
import { fixtureContext, fixtures } from "./fixtures.ts";
import { verifyEmail } from "./templates.ts";

// E-mail clients need the presentational attributes (align, width, cellpadding…) that HTML5
// deprecates, and react-email writes the XHTML doctype they expect.
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: { "no-deprecated-attr": "off", "doctype-html": "off" },
});

const attributes = (html: string, tag: string, name: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))].map((match) => {
    const found = new RegExp(`\\s${name}="([^"]*)"`).exec(match[0]);
    return found ? found[1] : null;
  });

describe.each(LOCALES)("every e-mail, in %s", (locale) => {
  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))("%s", async (name, fixture) => {
    const mail = await renderEmail(fixture.template, fixture.data(locale) as never, fixtureContext(locale));

    // The text part, as its recipient reads it.
    await expect(`Subject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot(
      `__snapshots__/${name}.${locale}.txt`,
    );

    const report = await validator.validateString(mail.html);
    expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);

    expect(mail.html).toContain(`<html dir="ltr" lang="${locale}">`);
    expect(mail.html).not.toMatch(/<script/i);
    const links = attributes(mail.html, "a", "href");
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^(https:\/\/|mailto:)/);
    // No remote resource but the site's own: pictures only from PUBLIC_URL, and each one described.
    for (const src of attributes(mail.html, "img", "src")) expect(src).toMatch(/^https:\/\/forgefilament\.example\//);
    for (const alt of attributes(mail.html, "img", "alt")) expect(alt).toBeTruthy();
    expect(mail.html).not.toMatch(/<link\b|@import|url\(/i);
  });
});

describe("the header", () => {
  it("shows the studio's logo, described by its name, when there is one; else its name", async () => {
    const receipt = fixtures.find((fixture) => fixture.name === "receipt")!;
    const c = { ...fixtureContext("fr"), logoUrl: "https://forgefilament.example/media/logo.png" };
    const withLogo = await renderEmail(receipt.template, receipt.data("fr") as never, c);
    expect(withLogo.html).toMatch(
      /<img[^>]*alt="Forge &amp; Filament"[^>]*src="https:\/\/forgefilament.example\/media\/logo.png"|<img[^>]*src="https:\/\/forgefilament.example\/media\/logo.png"[^>]*alt="Forge &amp; Filament"/,
    );
    const report = await validator.validateString(withLogo.html);
    expect(report.valid).toBe(true);
    const withoutLogo = await renderEmail(receipt.template, receipt.data("fr") as never, fixtureContext("fr"));
    expect(withoutLogo.html).not.toContain("<img");
    expect(withoutLogo.html).toContain(">Forge &amp; Filament</a>");
  });

  it("gives the studio's address and phone in the footer, in the text part too", async () => {
    const verify = fixtures.find((fixture) => fixture.name === "verify")!;
    const mail = await renderEmail(verify.template, verify.data("en") as never, fixtureContext("en"));
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("123 Rue Saint-Paul, Montréal, QC H2Y 1H1");
      expect(part).toContain("+1 514 555 0199");
    }
  });
});

describe("a name typed in a form (issue 50: no relay)", () => {
  it("is greeted as a name: two words of letters at most, cut short, never a link, a number or a sentence", async () => {
    const verify = fixtures.find((fixture) => fixture.template.subject === verifyEmail.subject)!;
    const greetingOf = async (name: string) =>
      (await renderEmail(verifyEmail, { ...(verify.data("en") as { url: string }), name }, fixtureContext("en"))).text
        .split("\n")
        .find((line) => line.startsWith("Hello"));
    expect(await greetingOf("Marie-Ève Tremblay")).toBe("Hello Marie-Ève Tremblay,");
    expect(await greetingOf("Visit https://cheap-pills.example today")).toBe("Hello Visit today,");
    expect(await greetingOf("Call 1-800-555-0199 now")).toBe("Hello Call now,");
    expect(await greetingOf("Jean-Pierre O’Neil Tremblay")).toBe("Hello Jean-Pierre O’Neil,");
    expect(await greetingOf("Wolfeschlegelsteinhausenbergerdorff Jr")).toBe("Hello Wolfeschlegelsteinhausen,");
    expect(await greetingOf("www.example.com")).toBe("Hello,");
    expect(await greetingOf("maker-a185b0f9")).toBe("Hello maker-a185b0f9,");
    expect(await greetingOf("12345 !!!")).toBe("Hello,");
  });
});
