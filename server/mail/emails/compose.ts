import { createElement } from "react";
import { render, toPlainText } from "@react-email/render";
import type { Locale } from "../../../domain/locale.ts";
import { messagesFor } from "../../../messages/messages.server.ts";
import { config } from "../../config.ts";
import { getStudioIdentity } from "../../settings/studio-identity.ts";
import { mediaPngUrl } from "../../../domain/media.ts";
import type { EmailContext } from "./layout.ts";
import type { EmailTemplate } from "./templates.ts";

type IdentityReader = Parameters<typeof getStudioIdentity>[0];

export type ComposedMail = { subject: string; html: string; text: string };

/**
 * The plain-text twin of an e-mail's HTML: paragraphs as they are, the receipt's rows as two
 * aligned columns, each button as its words and its address; the header (the logo) and the
 * buttons' repeated addresses are left out.
 */
export function htmlToText(html: string): string {
  return toPlainText(html, {
    selectors: [
      {
        selector: "table[data-text=rows]",
        format: "dataTable",
        options: { colSpacing: 4, rowSpacing: 0, uppercaseHeaderCells: false },
      },
      { selector: "h1", options: { uppercase: false } },
      { selector: "caption", format: "block" },
      { selector: "a", options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

export async function emailContext(locale: Locale, db: IdentityReader = null): Promise<EmailContext> {
  const { name, email, phone, street, city, logo } = await getStudioIdentity(db);
  const publicUrl = config.publicUrl.replace(/\/$/, "");
  const logoPng = logo ? mediaPngUrl(logo) : null;
  return {
    locale,
    m: messagesFor(locale).emails,
    studio: { name, email, phone, street, city },
    logoUrl: logoPng ? publicUrl + logoPng : null,
    publicUrl,
  };
}

/**
 * Renders one e-mail for its recipient: subject, HTML and text. `db`: the caller's transaction
 * when it has one (the studio's identity is read in it).
 */
export async function composeMail<Data>(
  template: EmailTemplate<Data>,
  data: Data,
  locale: Locale,
  db: IdentityReader = null,
): Promise<ComposedMail> {
  return renderEmail(template, data, await emailContext(locale, db));
}

export async function renderEmail<Data>(
  template: EmailTemplate<Data>,
  data: Data,
  c: EmailContext,
): Promise<ComposedMail> {
  const html = await render(createElement(template.Body, { data, c }));
  return { subject: template.subject(data, c), html, text: htmlToText(html) };
}
