import { createElement as h, Fragment, type CSSProperties, type ReactNode } from "react";
import { Body, Button, Container, Head, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { Locale } from "../../../domain/locale.ts";
import type { Messages } from "../../../messages/messages.server.ts";

/** What every e-mail knows besides its own data: who sends it, in which language, and where the site is. */
export type EmailContext = {
  locale: Locale;
  m: Messages["emails"];
  studio: { name: string; email: string; phone: string; street: string; city: string };
  /** The studio's uploaded logo as a PNG, absolute; its name stands in when there is none. */
  logoUrl: string | null;
  publicUrl: string;
};

/** The site's light theme (app/app.css); the dark one replaces them where the mail client honours the media query. */
export const colours = {
  page: "#fbf8f4",
  card: "#ffffff",
  band: "#f2ece4",
  text: "#1d1a17",
  muted: "#57514a",
  border: "#ddd3c6",
  accent: "#b4410f",
  onAccent: "#ffffff",
};

// Clients that support it (Apple Mail, iOS, Outlook.com) switch to the site's dark theme; the
// others either keep the light colours or invert them, which these pairs survive.
const darkStyles = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .e-page, .e-page > table > tbody > tr > td { background-color: #14161c !important; }
  .e-card { background-color: #1c1f27 !important; border-color: #363b48 !important; }
  .e-band { background-color: #252935 !important; }
  .e-text { color: #f1ede7 !important; }
  .e-muted { color: #b8b2a9 !important; }
  .e-accent { color: #ff8a4c !important; }
  .e-rule { border-color: #363b48 !important; }
  .e-rule-strong { border-color: #f1ede7 !important; }
  .e-button { background-color: #ff8a4c !important; color: #1a0d05 !important; }
}
@media (max-width: 480px) {
  .e-pad { padding-left: 16px !important; padding-right: 16px !important; }
}
`;

/** Marks what the text part leaves out (the header, the buttons' repeated addresses). */
const skipInText = { "data-skip-in-text": "true" };

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function EmailLayout({
  c,
  title,
  preview,
  about,
  children,
}: {
  c: EmailContext;
  title: string;
  preview?: string;
  /** Why the recipient gets it (the footer's first line). */
  about?: string;
  children?: ReactNode;
}) {
  const { studio } = c;
  const place = [studio.street, studio.city].filter(Boolean).join(", ");
  const mutedLink = { className: "e-muted", style: { color: colours.muted } };
  const logo = c.logoUrl
    ? h(
        Link,
        { href: c.publicUrl },
        h(Img, { src: c.logoUrl, alt: studio.name, height: "48", style: { height: "48px", width: "auto" } }),
      )
    : h(
        Link,
        {
          href: c.publicUrl,
          className: "e-accent",
          style: { color: colours.accent, fontSize: "22px", fontWeight: 700, textDecoration: "none" },
        },
        studio.name,
      );
  return h(
    Html,
    { lang: c.locale, dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("title", null, title),
      h("style", null, darkStyles),
    ),
    preview ? h(Preview, null, preview) : null,
    h(
      Body,
      { className: "e-page", style: { backgroundColor: colours.page, margin: 0, padding: "24px 0", fontFamily: font } },
      h(
        Container,
        {
          className: "e-card",
          style: {
            maxWidth: "600px",
            width: "100%",
            backgroundColor: colours.card,
            border: `1px solid ${colours.border}`,
            borderRadius: "8px",
          },
        },
        h(
          Section,
          {
            className: "e-pad",
            style: { padding: "20px 32px", borderBottom: `4px solid ${colours.accent}` },
            ...skipInText,
          },
          logo,
        ),
        h(Section, { className: "e-pad", style: { padding: "8px 32px 24px" } }, children),
        h(
          Section,
          {
            className: "e-pad e-band",
            style: { padding: "16px 32px", backgroundColor: colours.band, borderRadius: "0 0 8px 8px" },
          },
          h(
            Text,
            { className: "e-muted", style: { ...small, margin: "0 0 8px" } },
            about ?? c.m.common.footerAbout(studio.name),
          ),
          h(
            Text,
            { className: "e-muted", style: { ...small, margin: 0 } },
            h("strong", null, studio.name),
            place ? h(Fragment, null, h("br"), place) : null,
            studio.phone ? h(Fragment, null, h("br"), c.m.common.phone(studio.phone)) : null,
            h("br"),
            h(Link, { href: `mailto:${studio.email}`, ...mutedLink }, studio.email),
            " · ",
            h(Link, { href: c.publicUrl, ...mutedLink }, c.publicUrl),
          ),
        ),
      ),
    ),
  );
}

const small: CSSProperties = { fontSize: "13px", lineHeight: "20px", color: colours.muted };
const body: CSSProperties = { fontSize: "16px", lineHeight: "24px", color: colours.text, margin: "16px 0" };

export function P({ children, muted }: { children?: ReactNode; muted?: boolean }) {
  return h(
    Text,
    { className: muted ? "e-muted" : "e-text", style: muted ? { ...body, color: colours.muted } : body },
    children,
  );
}

export function Heading({ children }: { children?: ReactNode }) {
  return h(
    "h1",
    {
      className: "e-text",
      style: { ...body, fontSize: "22px", lineHeight: "28px", fontWeight: 700, margin: "16px 0 8px" },
    },
    children,
  );
}

/** A clear button, with its address below for clients that do not show buttons well (not repeated in the text part). */
export function Action({ href, children }: { href: string; children?: string }) {
  return h(
    Section,
    { style: { margin: "8px 0 16px" } },
    h(
      Button,
      {
        href,
        className: "e-button",
        style: {
          backgroundColor: colours.accent,
          color: colours.onAccent,
          borderRadius: "6px",
          padding: "12px 20px",
          fontSize: "16px",
          fontWeight: 600,
          textDecoration: "none",
        },
      },
      children,
    ),
    h(
      Text,
      {
        className: "e-muted",
        style: { ...small, margin: "8px 0 0", wordBreak: "break-all" },
        ...skipInText,
      },
      h(Link, { href, className: "e-muted", style: { color: colours.muted } }, href),
    ),
  );
}

export type AmountRow = { label: ReactNode; amount?: string; strong?: boolean };

/** Label and amount on each row, amounts right-aligned: a receipt's lines and totals. */
export function Amounts({ rows, caption }: { rows: AmountRow[]; caption?: string }) {
  return h(
    "table",
    {
      width: "100%",
      cellPadding: 0,
      cellSpacing: 0,
      "data-text": "rows",
      style: { borderCollapse: "collapse", margin: "8px 0 16px", width: "100%" },
    },
    caption
      ? h(
          "caption",
          { className: "e-text", style: { ...body, textAlign: "left", fontWeight: 700, margin: "0 0 4px" } },
          caption,
        )
      : null,
    h(
      "tbody",
      null,
      rows.map((row, index) => {
        const cell: CSSProperties = {
          ...body,
          margin: 0,
          padding: "6px 0",
          borderTop: row.strong ? `2px solid ${colours.text}` : `1px solid ${colours.border}`,
          fontWeight: row.strong ? 700 : 400,
          verticalAlign: "top",
        };
        // The total's rule stays the text's colour in the dark theme too: it still reads as the total.
        const rule = row.strong ? "e-text e-rule-strong" : "e-text e-rule";
        return h(
          "tr",
          { key: index },
          h("td", { className: rule, style: cell }, row.label),
          h(
            "td",
            {
              className: rule,
              style: { ...cell, textAlign: "right", whiteSpace: "nowrap", paddingLeft: "12px" },
            },
            row.amount ?? "",
          ),
        );
      }),
    ),
  );
}

/** Lines kept as written (an address, the studio's hours), their indents too. */
export function Lines({ lines, muted }: { lines: string[]; muted?: boolean }) {
  return h(
    P,
    { muted },
    lines.map((line, index) =>
      h(
        "span",
        { key: index },
        index > 0 ? h("br") : null,
        line.replace(/^ +/, (indent) => "\u00a0".repeat(indent.length)),
      ),
    ),
  );
}

const GREETING_NAME_LENGTH = 24;

/**
 * A name is typed by whoever filled the form, so it is shown as a name and nothing more: its first
 * two words that start with a letter and hold only letters, digits, hyphens and apostrophes (a
 * username such as "jean42" included), cut short; a word with anything else in it (a link, an
 * address, a number on its own) is left out, so nothing in the studio's name can be a link or a
 * sentence.
 */
export function greetingName(name: string | null | undefined): string | null {
  const words = (name ?? "").split(/\s+/).filter((word) => /^\p{L}[\p{L}\p{M}\p{Nd}'’-]*$/u.test(word));
  const letters = words.slice(0, 2).join(" ");
  if (letters.length <= GREETING_NAME_LENGTH) return letters || null;
  const cut = letters.slice(0, GREETING_NAME_LENGTH + 1);
  const atWord = cut.lastIndexOf(" ");
  return (atWord > 0 ? cut.slice(0, atWord) : cut.slice(0, GREETING_NAME_LENGTH)).trim();
}

export function Greeting({ c, name }: { c: EmailContext; name?: string | null }) {
  const shown = greetingName(name);
  return h(P, null, shown ? c.m.common.greeting(shown) : c.m.common.greetingNoName);
}

export function Signature({ c }: { c: EmailContext }) {
  return h(P, null, c.m.common.signature(c.studio.name));
}
