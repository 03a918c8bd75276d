/**
 * The conversation on an order (decision 081): who may write in it, and the limits the form and
 * the server share.
 */
export const MESSAGE_AUTHORS = ["buyer", "studio"] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/**
 * What a message is: words, or a step of the finished part's approval (the studio asks, the buyer
 * approves or asks for a change), recorded in the order's history too.
 */
export const MESSAGE_KINDS = ["message", "approval_request", "approved", "change_requested"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Whether the studio's last request for approval (among these messages, oldest first) is unanswered. */
export function approvalPending(kinds: readonly MessageKind[]): boolean {
  return kinds.findLast((kind) => kind !== "message") === "approval_request";
}

/** The longest message, in characters (a long letter; anything longer is a file to send). */
export const MESSAGE_MAX_CHARS = 4000;

/** A message as a page shows it: the staff member's name only on the admin's side. */
export type ConversationMessageView = {
  id: number;
  author: MessageAuthor;
  kind: MessageKind;
  body: string;
  createdAt: string;
  /** The staff member who wrote a studio message: null on the buyer's side, and for the buyer's messages. */
  staffName: string | null;
};

/** One piece of a message's text: plain words, or an http(s) address shown as a link with its address. */
export type MessagePiece = { text: string } | { link: string };

const LINK = /https?:\/\/[^\s<>"']+/g;
// Punctuation that ends a sentence more often than it ends an address.
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * A message's text as paragraphs of pieces: the only "Markdown" a message has is blank lines
 * between paragraphs and addresses that become links. Nothing in the text is ever HTML.
 */
export function messageParagraphs(body: string): MessagePiece[][] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map(paragraphPieces);
}

function paragraphPieces(paragraph: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(LINK)) {
    const link = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > last) pieces.push({ text: paragraph.slice(last, start) });
    pieces.push({ link });
    last = start + link.length;
  }
  if (last < paragraph.length) pieces.push({ text: paragraph.slice(last) });
  return pieces;
}
