/**
 * An e-mail's text as its recipient reads it, cut into plain words and links (http and https
 * only: a `javascript:` or `data:` address stays text). The server's log lists the links of each
 * e-mail queued without SMTP; the admin's outbox shows the text with those links clickable.
 */
export type MailTextPart = { text: string } | { href: string };

const LINK = /https?:\/\/[^\s<>"]+/g;
// A sentence's period or a closing bracket after an address is not part of it.
const TRAILING = /[.,;:!?)\]]+$/;

export function mailTextParts(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** Every link of a text, once each, in order. */
export function linksIn(text: string): string[] {
  return [...new Set(mailTextParts(text).flatMap((part) => ("href" in part ? [part.href] : [])))];
}
