import MarkdownIt from "markdown-it";
import { frenchTypography } from "../../domain/french-typography.ts";
import type { Locale } from "../../domain/locale.ts";

/**
 * Markdown the studio types in the admin, rendered on the server (decision 053). Raw HTML is off,
 * so a `<script>` comes out as text; links keep markdown-it's safe schemes (no javascript:, no
 * data: but images); headings start at h3, below the page's and the section's own.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

markdown.core.ruler.push("studio_headings_and_links", (state) => {
  for (const token of state.tokens) {
    if ((token.type === "heading_open" || token.type === "heading_close") && /^h[12]$/.test(token.tag))
      token.tag = "h3";
    for (const child of token.children ?? []) {
      if (child.type === "link_open" && /^https?:/i.test(String(child.attrGet("href") ?? "")))
        child.attrSet("rel", "noopener nofollow");
    }
  }
});

markdown.core.ruler.push("french_typography", (state) => {
  if ((state.env as { locale?: Locale }).locale !== "fr") return;
  for (const token of state.tokens) {
    for (const child of token.children ?? []) {
      if (child.type === "text") child.content = frenchTypography(child.content);
    }
  }
});

/** The HTML of `source` in `locale` (French typography for "fr"). */
export function renderMarkdown(source: string, locale: Locale): string {
  return markdown.render(source, { locale });
}

/** One line of Markdown (a caption, a title) without the paragraph around it. */
export function renderMarkdownInline(source: string, locale: Locale): string {
  return markdown.renderInline(source, { locale });
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

/** What `source` says as plain text, on one line (a page's meta description, a link preview). */
export function markdownToText(source: string, locale: Locale): string {
  return renderMarkdown(source, locale)
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, " ")
    .trim();
}
