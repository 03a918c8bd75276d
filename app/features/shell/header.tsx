import { useEffect, useRef, useState } from "react";
import { useRootData } from "~/root";
import { CartControl } from "../cart/cart-control";
import { useLocation } from "react-router";
import { LocalizedLink, LocalizedNavLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { CloseIcon, LinkIcon, MenuIcon } from "./icons";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { PersonalSlot } from "./personal-slot";
import { ThemeToggle } from "./theme-toggle";
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
  const { studio } = useRootData();
  const [menuOpen, setMenuOpen] = useState(false);
  const phoneMenu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (phoneMenu.current) phoneMenu.current.open = false;
  }, [location.pathname]);

  return (
    <header className="sticky top-0 z-20 border-b border-border bg-bg/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-3 py-3 sm:gap-2 sm:px-4">
        <LocalizedLink to="/" className="mr-auto flex items-center gap-2 font-bold" aria-label={studio.name}>
          <Logo src={studio.logo} />
          <span className="hidden sm:inline" aria-hidden="true">
            {studio.name}
          </span>
        </LocalizedLink>
        <nav aria-label={m.shell.mainNavigation} className="hidden md:block">
          <NavList />
        </nav>
        {/* On a phone the quick links are in the menu: six buttons do not fit 360 px. */}
        <LocalizedLink to="/links" className="icon-btn hidden sm:inline-flex" aria-label={m.shell.nav.links}>
          <LinkIcon />
        </LocalizedLink>
        <ThemeToggle />
        <LanguageToggle />
        <PersonalSlot name="account">
          <UserMenu />
        </PersonalSlot>
        <PersonalSlot name="cart">
          <CartControl />
        </PersonalSlot>
        {/* A native disclosure: the phone menu opens before (and without) JavaScript. */}
        <details ref={phoneMenu} className="md:hidden" onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
          <summary
            className="icon-btn cursor-pointer list-none [&::-webkit-details-marker]:hidden"
            aria-label={menuOpen ? m.shell.closeMenu : m.shell.openMenu}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </summary>
          <nav aria-label={m.shell.mainNavigation}>
            <NavList
              className="absolute inset-x-0 top-full flex flex-col gap-1 border-b border-border bg-bg p-4"
              paths={[...NAV_PATHS, "/links"]}
            />
          </nav>
        </details>
      </div>
    </header>
  );
}

function NavList({
  className = "flex flex-row",
  paths = NAV_PATHS,
}: {
  className?: string;
  paths?: readonly (keyof ReturnType<typeof useNavLabels>)[];
}) {
  const labels = useNavLabels();
  return (
    <ul className={className}>
      {paths.map((path) => (
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
  );
}
