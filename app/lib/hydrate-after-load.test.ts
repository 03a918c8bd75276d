import { createElement, Fragment } from "react";
import { describe, expect, it } from "vitest";
import { loaderScript, splitScripts } from "./hydrate-after-load";

describe("splitScripts", () => {
  it("holds back the modulepreloads and the module script, in nested fragments too, and keeps the rest", () => {
    const context = createElement("script", {
      nonce: "n",
      dangerouslySetInnerHTML: { __html: "window.__reactRouterContext = {}" },
    });
    const split = splitScripts(
      createElement(
        Fragment,
        null,
        createElement("link", { rel: "modulepreload", href: "/assets/a.js" }),
        [createElement("link", { key: "b", rel: "modulepreload", href: "/assets/b.js" })],
        createElement(
          Fragment,
          null,
          context,
          createElement("script", {
            nonce: "n",
            type: "module",
            async: true,
            dangerouslySetInnerHTML: { __html: 'import("/assets/entry.js");' },
          }),
        ),
      ),
    );
    expect(split).toEqual({
      rest: [context],
      preloads: ["/assets/a.js", "/assets/b.js"],
      module: 'import("/assets/entry.js");',
      nonce: "n",
    });
  });

  it("gives up on a shape it does not know: no module script, or two, or nothing to preload", () => {
    const preload = createElement("link", { rel: "modulepreload", href: "/a.js" });
    const module = createElement("script", { type: "module", dangerouslySetInnerHTML: { __html: "" } });
    expect(splitScripts(createElement(Fragment, null, preload))).toBeNull();
    expect(splitScripts(createElement(Fragment, null, preload, module, module))).toBeNull();
    expect(splitScripts(createElement(Fragment, null, module))).toBeNull();
    expect(splitScripts(null)).toBeNull();
  });
});

describe("loaderScript", () => {
  it("carries the module and the preloads as JSON that nothing can close the script element with", () => {
    const script = loaderScript(["/a.js"], 'import("/x.js");</script><script>alert(1)//\u2028');
    expect(script).not.toContain("</script");
    expect(script).not.toContain("\u2028");
  });

  /** The loader script run against a stand-in page: what it appended, and the page's events to fire. */
  function runLoader() {
    const appended: { tag: string; nonce?: string; textContent?: string; href?: string }[] = [];
    const listeners: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const element = (tag: string) => ({ tag }) as (typeof appended)[number];
    const document = {
      readyState: "loading",
      currentScript: { nonce: "n0nce" },
      createElement: element,
      head: { appendChild: (child: (typeof appended)[number]) => appended.push(child) },
      body: { appendChild: (child: (typeof appended)[number]) => appended.push(child) },
    };
    new Function(
      "document",
      "addEventListener",
      "requestAnimationFrame",
      "setTimeout",
      loaderScript(["/assets/a.js"], 'import("/assets/entry.js");'),
    )(
      document,
      (_event: string, listener: () => void) => listeners.push(listener),
      (frame: () => void) => frames.push(frame),
      (run: () => void, ms: number) => timers.push({ run, ms }),
    );
    const nextFrame = () => frames.splice(0).forEach((frame) => frame());
    const timersDue = (upTo: number) =>
      timers.splice(0).forEach((timer) => (timer.ms <= upTo ? timer.run() : timers.push(timer)));
    return { appended, load: () => listeners.forEach((listener) => listener()), nextFrame, timersDue };
  }

  it("starts the modules after the window's load and the frame painted after it, once, with its own nonce", () => {
    const page = runLoader();
    expect(page.appended).toEqual([]);
    page.load();
    page.nextFrame();
    page.timersDue(0);
    expect(page.appended).toEqual([]);
    page.nextFrame();
    page.timersDue(0);
    expect(page.appended).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/a.js" },
      { tag: "script", type: "module", nonce: "n0nce", textContent: 'import("/assets/entry.js");' },
    ]);
    page.timersDue(10_000);
    expect(page.appended).toHaveLength(2);
  });

  it("starts them all the same in a background tab, which paints no frames", () => {
    const page = runLoader();
    page.load();
    page.timersDue(500);
    expect(page.appended.map((child) => child.tag)).toEqual(["link", "script"]);
  });
});
