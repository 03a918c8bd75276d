import { useFetcher } from "react-router";
import { useRootData } from "~/root";
import type { Theme } from "../../../domain/preferences.ts";
import { useMessages } from "../i18n/use-locale";
import { MoonIcon, SunIcon } from "./icons";

/**
 * Posts the choice so the server renders it from then on; works without JavaScript too. Both
 * buttons are in the page and CSS shows the one that leaves the theme on screen, so that it is
 * right even while the page follows the system's preference, which only the browser knows.
 */
export function ThemeToggle() {
  const m = useMessages("shell");
  const fetcher = useFetcher();
  const saved = useRootData().theme;
  const setting = (fetcher.formData?.get("theme") as Theme | null) ?? saved;
  const button = (next: Theme, shown: string) => (
    <button
      type="submit"
      name="theme"
      value={next}
      className={`icon-btn ${shown}`}
      aria-label={next === "dark" ? m.shell.themeToDark : m.shell.themeToLight}
    >
      {next === "dark" ? <MoonIcon /> : <SunIcon />}
    </button>
  );
  return (
    <fetcher.Form
      method="post"
      action="/preferences"
      onSubmit={(event) => {
        const next = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
        if (next === "dark" || next === "light") document.documentElement.dataset.theme = next;
      }}
    >
      {setting !== "dark" && button("dark", setting === "light" ? "" : "dark:hidden")}
      {setting !== "light" && button("light", setting === "dark" ? "" : "hidden dark:inline-flex")}
    </fetcher.Form>
  );
}
