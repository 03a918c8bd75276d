import { Children, createContext, Fragment, isValidElement, use, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

/**
 * Decision 062: the page's JavaScript starts loading after the window's `load` event and the next
 * paint, so that nothing but the HTML, the stylesheet and the pictures competes with the largest
 * paint (Lighthouse counts every request started before it). Every control works as plain HTML
 * until then.
 */

/**
 * Server only: the modules the render asked to preload (the catalogues it read), collected for
 * the page's loader instead of being written as `<link rel="modulepreload">` in its head.
 */
export const HeldPreloads = createContext<Set<string> | null>(null);

export type SplitScripts = {
  /** What runs at once: the router's context and the stream of its deferred data. */
  rest: ReactElement[];
  preloads: string[];
  /** The inline module that imports the routes and hydrates. */
  module: string;
  nonce: string | undefined;
};

/**
 * React Router's `<Scripts>` output taken apart: its modulepreload links and its one inline module
 * script, held back; the rest kept. Null when the output is not of that shape (a React Router
 * release that changed it): the caller then renders it as it is.
 */
export function splitScripts(node: ReactNode): SplitScripts | null {
  const split: SplitScripts = { rest: [], preloads: [], module: "", nonce: undefined };
  let modules = 0;
  const visit = (children: ReactNode) =>
    Children.forEach(children, (child) => {
      if (!isValidElement(child)) return;
      const props = child.props as {
        children?: ReactNode;
        rel?: string;
        href?: string;
        type?: string;
        nonce?: string;
        dangerouslySetInnerHTML?: { __html?: unknown };
      };
      if (child.type === Fragment) visit(props.children);
      else if (child.type === "link" && props.rel === "modulepreload" && props.href) split.preloads.push(props.href);
      else if (
        child.type === "script" &&
        props.type === "module" &&
        typeof props.dangerouslySetInnerHTML?.__html === "string"
      ) {
        modules++;
        split.module = props.dangerouslySetInnerHTML.__html;
        split.nonce = props.nonce;
      } else split.rest.push(child);
    });
  visit(node);
  return modules === 1 && split.preloads.length > 0 ? split : null;
}

/** JSON inside a <script>: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A tab in the background draws no frames: its page starts this long after `load` instead.
 */
const PAINT_FALLBACK_MS = 500;

/**
 * The inline script that, once the window has loaded and the frame after it has been painted (so
 * that the pictures `load` waited for are on screen before any module is fetched), adds the
 * preloads and React Router's module with this script's own nonce (the CSP allows a script made by
 * a trusted one only with it). On loopback `load` can come before the first paint: started at
 * `load`, the modules were fetched before the largest paint half of the time (Lighthouse's LCP
 * 0.8 s or 1.6–2.2 s on the same page).
 */
export function loaderScript(preloads: string[], module: string): string {
  return `(function(nonce){function start(){${scriptJson(preloads)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});var script=document.createElement("script");script.type="module";script.nonce=nonce;script.textContent=${scriptJson(module)};document.body.appendChild(script)}function afterPaint(){var started=false;function once(){if(!started){started=true;start()}}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(once,0)})});setTimeout(once,${PAINT_FALLBACK_MS})}if(document.readyState==="complete")afterPaint();else addEventListener("load",afterPaint,{once:true})})(document.currentScript.nonce)`;
}

/** React Router's `<Scripts>`, with the page's modules loaded after the window's `load` event. */
export function HydrateAfterLoad() {
  // <Scripts>'s hooks run as this component's own; its output is taken apart, not its workings.
  const scripts = Scripts({});
  const held = use(HeldPreloads);
  const split = splitScripts(scripts);
  if (!split) return scripts;
  const preloads = [...new Set([...split.preloads, ...(held ?? [])])];
  return (
    <>
      {split.rest.map((element, index) => (
        <Fragment key={index}>{element}</Fragment>
      ))}
      <script
        nonce={split.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: loaderScript(preloads, split.module) }}
      />
    </>
  );
}
