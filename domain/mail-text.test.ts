import { describe, expect, it } from "vitest";
import { linksIn, mailTextParts } from "./mail-text.ts";

describe("an e-mail's text with its links", () => {
  it("cuts out http(s) links, leaving a sentence's period and brackets outside", () => {
    expect(mailTextParts("Open https://a.test/x?y=1&z=2. Then (http://b.test/).")).toEqual([
      { text: "Open " },
      { href: "https://a.test/x?y=1&z=2" },
      { text: ". Then (" },
      { href: "http://b.test/" },
      { text: ")." },
    ]);
  });

  it("never makes a link of another scheme, and lists each link once", () => {
    expect(mailTextParts("javascript:alert(1) data:text/html,<b>")).toEqual([
      { text: "javascript:alert(1) data:text/html,<b>" },
    ]);
    expect(linksIn("http://a.test/ and http://a.test/ and https://b.test")).toEqual([
      "http://a.test/",
      "https://b.test",
    ]);
    expect(mailTextParts("")).toEqual([]);
  });
});
