import { describe, expect, it } from "vitest";
import { cachedRead } from "../catalogue/read-cache.ts";
import { onSiteChanged, siteChanged, type SiteChange } from "./site-changes.ts";

describe("site changes", () => {
  it("reach every listener with their kind, and only a catalogue change clears the catalogue's reads", async () => {
    const heard: SiteChange[] = [];
    onSiteChanged((change) => heard.push(change));
    let loads = 0;
    const load = async () => ++loads;
    await cachedRead("site-changes-test", load, 60_000);

    siteChanged("content");
    siteChanged("settings");
    expect(await cachedRead("site-changes-test", load, 60_000)).toBe(1);
    siteChanged("catalogue");
    expect(await cachedRead("site-changes-test", load, 60_000)).toBe(2);
    expect(heard).toEqual(["content", "settings", "catalogue"]);
  });
});
