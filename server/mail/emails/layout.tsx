import type { CSSProperties, ReactNode } from "react";
import { Body, Button, Container, Head, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { Locale } from "../../../domain/locale.ts";
import type { Messages } from "../../../messages/messages.server.ts";

/** What every e-mail knows besides its own data: who sends it, in which language, and where the site is. */
export type EmailContext = {
  locale: Locale;
  m: Messages["emails"];
  studio: { name: string; email: string; phone: string; street: string; city: string };
  /** The studio's logo, absolute; its name stands in for it until the logo is a setting. */
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
  .e-page { background-color: #14161c !important; }
  .e-card { background-color: #1c1f27 !important; border-color: #363b48 !important; }
  .e-band { background-color: #252935 !important; }
  .e-text { color: #f1ede7 !important; }
  .e-muted { color: #b8b2a9 !important; }
  .e-accent { color: #ff8a4c !important; }
  .e-rule { border-color: #363b48 !important; }
  .e-button { background-color: #ff8a4c !important; color: #1a0d05 !important; }
}
@media (max-width: 480px) {
  .e-pad { padding-left: 16px !important; padding-right: 16px !important; }
}
`;

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
  children: ReactNode;
}) {
  const { studio } = c;
  const place = [studio.street, studio.city].filter(Boolean).join(", ");
  return (
    <Html lang={c.locale} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        <style>{darkStyles}</style>
      </Head>
      {preview && <Preview>{preview}</Preview>}
      <Body
        className="e-page"
        style={{ backgroundColor: colours.page, margin: 0, padding: "24px 0", fontFamily: font }}
      >
        <Container
          className="e-card"
          style={{
            maxWidth: "600px",
            width: "100%",
            backgroundColor: colours.card,
            border: `1px solid ${colours.border}`,
            borderRadius: "8px",
          }}
        >
          <Section
            className="e-pad e-rule"
            style={{ padding: "20px 32px", borderBottom: `4px solid ${colours.accent}` }}
            data-skip-in-text="true"
          >
            {c.logoUrl ? (
              <Link href={c.publicUrl}>
                <Img src={c.logoUrl} alt={studio.name} height="48" style={{ height: "48px", width: "auto" }} />
              </Link>
            ) : (
              <Link
                href={c.publicUrl}
                className="e-accent"
                style={{ color: colours.accent, fontSize: "22px", fontWeight: 700, textDecoration: "none" }}
              >
                {studio.name}
              </Link>
            )}
          </Section>
          <Section className="e-pad" style={{ padding: "8px 32px 24px" }}>
            {children}
          </Section>
          <Section
            className="e-pad e-band"
            style={{ padding: "16px 32px", backgroundColor: colours.band, borderRadius: "0 0 8px 8px" }}
          >
            <Text className="e-muted" style={{ ...small, margin: "0 0 8px" }}>
              {about ?? c.m.common.footerAbout(studio.name)}
            </Text>
            <Text className="e-muted" style={{ ...small, margin: 0 }}>
              <strong>{studio.name}</strong>
              {place && (
                <>
                  <br />
                  {place}
                </>
              )}
              {studio.phone && (
                <>
                  <br />
                  {c.m.common.phone(studio.phone)}
                </>
              )}
              <br />
              <Link href={`mailto:${studio.email}`} className="e-muted" style={{ color: colours.muted }}>
                {studio.email}
              </Link>
              {" · "}
              <Link href={c.publicUrl} className="e-muted" style={{ color: colours.muted }}>
                {c.publicUrl}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const small: CSSProperties = { fontSize: "13px", lineHeight: "20px", color: colours.muted };
const body: CSSProperties = { fontSize: "16px", lineHeight: "24px", color: colours.text, margin: "16px 0" };

export function P({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text className={muted ? "e-muted" : "e-text"} style={muted ? { ...body, color: colours.muted } : body}>
      {children}
    </Text>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return (
    <h1
      className="e-text"
      style={{ ...body, fontSize: "22px", lineHeight: "28px", fontWeight: 700, margin: "16px 0 8px" }}
    >
      {children}
    </h1>
  );
}

/** A clear button, with its address below for clients that do not show buttons well (not repeated in the text part). */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Button
        href={href}
        className="e-button"
        style={{
          backgroundColor: colours.accent,
          color: colours.onAccent,
          borderRadius: "6px",
          padding: "12px 20px",
          fontSize: "16px",
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
      <Text
        className="e-muted"
        style={{ ...small, margin: "8px 0 0", wordBreak: "break-all" }}
        data-skip-in-text="true"
      >
        <Link href={href} className="e-muted" style={{ color: colours.muted }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

export type AmountRow = { label: ReactNode; amount?: string; strong?: boolean };

/** Label and amount on each row, amounts right-aligned: a receipt's lines and totals. */
export function Amounts({ rows, caption }: { rows: AmountRow[]; caption?: string }) {
  return (
    <table
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      data-text="rows"
      style={{ borderCollapse: "collapse", margin: "8px 0 16px", width: "100%" }}
    >
      {caption && (
        <caption className="e-text" style={{ ...body, textAlign: "left", fontWeight: 700, margin: "0 0 4px" }}>
          {caption}
        </caption>
      )}
      <tbody>
        {rows.map((row, index) => {
          const cell: CSSProperties = {
            ...body,
            margin: 0,
            padding: "6px 0",
            borderTop: row.strong ? `2px solid ${colours.text}` : `1px solid ${colours.border}`,
            fontWeight: row.strong ? 700 : 400,
            verticalAlign: "top",
          };
          return (
            <tr key={index}>
              <td className="e-text e-rule" style={cell}>
                {row.label}
              </td>
              <td
                className="e-text e-rule"
                style={{ ...cell, textAlign: "right", whiteSpace: "nowrap", paddingLeft: "12px" }}
              >
                {row.amount ?? ""}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Lines kept as written (an address, the studio's hours). */
export function Lines({ lines, muted }: { lines: string[]; muted?: boolean }) {
  return (
    <P muted={muted}>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </P>
  );
}

export function Greeting({ c, name }: { c: EmailContext; name?: string | null }) {
  return <P>{name ? c.m.common.greeting(name) : c.m.common.greetingNoName}</P>;
}

export function Signature({ c }: { c: EmailContext }) {
  return <P>{c.m.common.signature(c.studio.name)}</P>;
}
