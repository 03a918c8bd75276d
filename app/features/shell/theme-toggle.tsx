import { useFetcher } from "react-router";
import { useRootData } from "~/root";
import type { Theme } from "../../../domain/preferences.ts";
import { useMessages } from "../i18n/use-locale";
import { MoonIcon, SunIcon } from "./icons";

/** Posts the choice so the server renders it from then on; works without JavaScript too. */
export function ThemeToggle() {
  const m = useMessages("shell");
  const fetcher = useFetcher();
  const saved = useRootData().theme;
  const theme = (fetcher.formData?.get("theme") as Theme | null) ?? saved;
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <fetcher.Form
      method="post"
      action="/preferences"
      onSubmit={() => {
        document.documentElement.dataset.theme = next;
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <button
        type="submit"
        className="icon-btn"
        aria-label={next === "dark" ? m.shell.themeToDark : m.shell.themeToLight}
      >
        {theme === "dark" ? <SunIcon /> : <MoonIcon />}
      </button>
    </fetcher.Form>
  );
}
