import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { LocalizedLink, LocalizedNavLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { CloseIcon, LinkIcon, MenuIcon } from "./icons";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";
import { useHydrated } from "./use-hydrated";
import { UserMenu } from "./user-menu";

export const NAV_PATHS = ["/", "/services", "/inspirations", "/store", "/about", "/contact"] as const;

export function useNavLabels() {
  const m = useMessages("common", "shell");
  return {
    "/": m.shell.nav.home,
    "/services": m.shell.nav.services,
    "/inspirations": m.shell.nav.inspirations,
    "/store": m.shell.nav.store,
    "/about": m.shell.nav.about,
    "/contact": m.shell.nav.contact,
    "/links": m.shell.nav.links,
  };
}

export function Header() {
  const m = useMessages("common", "shell");
  const labels = useNavLabels();
  const [menuOpen, setMenuOpen] = useState(false);
  const live = useHydrated(); // a click before the page runs would open nothing
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-20 border-b border-border bg-bg/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3">
        <LocalizedLink to="/" className="mr-auto flex items-center gap-2 font-bold" aria-label={m.common.siteName}>
          <Logo />
          <span className="hidden sm:inline" aria-hidden="true">
            {m.common.siteName}
          </span>
        </LocalizedLink>
        <nav aria-label={m.shell.mainNavigation} className={`${menuOpen ? "block" : "hidden"} md:block`}>
          <ul className="absolute inset-x-0 top-full flex flex-col gap-1 border-b border-border bg-bg p-4 md:static md:flex-row md:border-0 md:bg-transparent md:p-0">
            {NAV_PATHS.map((path) => (
              <li key={path}>
                <LocalizedNavLink
                  to={path}
                  end={path === "/"}
                  className={({ isActive }) =>
                    `block rounded-full px-3 py-2 text-sm font-medium hover:bg-surface-2 ${isActive ? "text-accent" : ""}`
                  }
                >
                  {labels[path]}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LocalizedLink to="/links" className="icon-btn" aria-label={m.shell.nav.links}>
          <LinkIcon />
        </LocalizedLink>
        <ThemeToggle />
        <LanguageToggle />
        <UserMenu />
        <button
          type="button"
          className="icon-btn md:hidden"
          aria-label={menuOpen ? m.shell.closeMenu : m.shell.openMenu}
          aria-expanded={menuOpen}
          disabled={!live}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
    </header>
  );
}
