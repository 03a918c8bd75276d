import { createElement, Fragment } from "react";
import { describe, expect, it } from "vitest";
import { loaderScript, splitScripts } from "./hydrate-after-load";

describe("splitScripts", () => {
  it("holds back the modulepreloads and the module script, in nested fragments too, and keeps the rest", () => {
    const context = createElement("script", { nonce: "n", dangerouslySetInnerHTML: { __html: "window.__reactRouterContext = {}" } });
    const split = splitScripts(
      createElement(
        Fragment,
        null,
        createElement("link", { rel: "modulepreload", href: "/assets/a.js" }),
        [createElement("link", { key: "b", rel: "modulepreload", href: "/assets/b.js" })],
        createElement(Fragment, null, context, createElement("script", { nonce: "n", type: "module", async: true, dangerouslySetInnerHTML: { __html: 'import("/assets/entry.js");' } })),
      ),
    );
    expect(split).toEqual({ rest: [context], preloads: ["/assets/a.js", "/assets/b.js"], module: 'import("/assets/entry.js");', nonce: "n" });
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
    expect(script).toContain('addEventListener("load",start,{once:true})');
  });
});
