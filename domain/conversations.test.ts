import { describe, expect, it } from "vitest";
import { messageParagraphs } from "./conversations.ts";

describe("a message's text", () => {
  it("is paragraphs split by blank lines, with http(s) addresses as links and the rest as plain text", () => {
    expect(messageParagraphs("Hello!\n\nSee https://example.com/finish, then tell me.\nThanks")).toEqual([
      [{ text: "Hello!" }],
      [{ text: "See " }, { link: "https://example.com/finish" }, { text: ", then tell me.\nThanks" }],
    ]);
  });

  it("never makes a link of anything but http(s), and keeps markup as the words it is", () => {
    expect(messageParagraphs('<a href="javascript:alert(1)">x</a> javascript:alert(1)')).toEqual([
      [{ text: '<a href="javascript:alert(1)">x</a> javascript:alert(1)' }],
    ]);
  });
});
