import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown, renderMarkdownInline } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders the usual Markdown", () => {
    expect(renderMarkdown("**Bold** and a [link](https://example.com)\n\n- one\n- two", "en")).toBe(
      '<p><strong>Bold</strong> and a <a href="https://example.com" rel="noopener nofollow">link</a></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  it("shows raw HTML as text: a <script> cannot run", () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(2)">', "en");
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("drops javascript: and data: links", () => {
    const html = renderMarkdown("[a](javascript:alert(1)) [b](data:text/html,<b>x</b>)", "en");
    expect(html).not.toContain("href=");
  });

  it("keeps headings below the page's own", () => {
    expect(renderMarkdown("# Title\n\n## Part", "en")).toBe("<h3>Title</h3>\n<h3>Part</h3>\n");
  });

  it("applies French typography in French only, never inside code", () => {
    expect(renderMarkdownInline('Prêt? Le "PLA" `a:b?`', "fr")).toBe(
      "Prêt\u202f? Le «\u202fPLA\u202f» <code>a:b?</code>",
    );
    expect(renderMarkdownInline("Ready? Yes!", "en")).toBe("Ready? Yes!");
  });

  it("gives the plain text of a description for a meta tag: no markup, the characters as typed", () => {
    expect(markdownToText("A **bold** & <script>x</script> piece.\n\n- PLA\n- PETG", "en")).toBe(
      "A bold & <script>x</script> piece. PLA PETG",
    );
  });
});
