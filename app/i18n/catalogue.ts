import { use } from "react";
import { preloadModule } from "react-dom";
import { HeldPreloads } from "../lib/hydrate-after-load";
import type { Locale } from "../../domain/locale.ts";
import type { Messages } from "../../messages/en/index.ts";

/**
 * The messages of the pages, one module per feature and language (messages/<locale>/<feature>.ts),
 * each its own chunk in the browser: a page downloads its own language's strings of the features it
 * shows, nothing else. The server registers every catalogue at start (entry.server.tsx), so it never
 * waits, and modulepreloads the chunks of those a page reads, so that the browser has them before it
 * hydrates (a whole page's preloads wait for the window's `load`, with its other modules: decision
 * 062). The browser loads a missing one when a component or a `meta` first reads it, and the
 * render (hydration, or a navigation's transition) waits for it, keeping the page on screen.
 */
export type { Messages };
export type Feature = keyof Messages;

type CatalogueModule = Record<string, unknown>;
const modules: Record<Locale, Record<string, () => Promise<CatalogueModule>>> = {
  en: import.meta.glob<CatalogueModule>(["../../messages/en/*.ts", "!../../messages/en/index.ts"]),
  fr: import.meta.glob<CatalogueModule>(["../../messages/fr/*.ts", "!../../messages/fr/index.ts"]),
};

const loaded: Record<Locale, Partial<Messages>> = { en: {}, fr: {} };
const loading = new Map<string, Promise<void>>();
/** Server only: "<locale>/<feature>" → the URL of its chunk in the browser build. */
let chunkUrls: Record<string, string> = {};

/** The server's start: every catalogue in both languages, and where the browser finds each one. */
export function registerMessages(messages: Record<Locale, Messages>, chunks: Record<string, string>) {
  for (const locale of Object.keys(loaded) as Locale[]) Object.assign(loaded[locale], messages[locale]);
  chunkUrls = chunks;
}

function load(locale: Locale, feature: Feature): Promise<void> {
  const key = `${locale}/${feature}`;
  let promise = loading.get(key);
  if (!promise) {
    const importer = modules[locale][`../../messages/${locale}/${feature}.ts`];
    if (!importer) throw new Error(`No ${locale} catalogue for ${feature}`);
    const loadingPromise: Promise<void> = importer().then((module) => {
      (loaded[locale] as Record<string, unknown>)[feature] = module[feature];
      // React's `use` reads these: a loaded catalogue never suspends a render again.
      Object.assign(loadingPromise, { status: "fulfilled", value: undefined });
    });
    promise = loadingPromise;
    loading.set(key, promise);
  }
  return promise;
}

/**
 * The catalogues of `features` in `locale`. Call it while rendering (a component, a hook or a route's
 * `meta`): when one is not loaded yet, the render suspends until it is.
 */
export function readMessages<F extends Feature>(locale: Locale, features: readonly F[]): Pick<Messages, F> {
  // In the browser every catalogue comes through `load`, and each read goes through `use`, loaded or
  // not: a component replayed after suspending must make the same calls as its first attempt.
  const promises = features.map((feature) =>
    feature in loaded[locale] && !loading.has(`${locale}/${feature}`) ? null : load(locale, feature),
  );
  for (const promise of promises) if (promise) use(promise);
  for (const feature of features) {
    const url = chunkUrls[`${locale}/${feature}`];
    if (!url) continue;
    // A page's render holds its preloads back until the window has loaded (decision 062).
    const held = use(HeldPreloads);
    if (held) held.add(url);
    else preloadModule(url);
  }
  return loaded[locale] as Pick<Messages, F>;
}
