import { useEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { useRootData } from "~/root";
import { LocalizedLink } from "../i18n/localized-link";
import { useLocalizedPath, useMessages } from "../i18n/use-locale";
import { LogoutIcon, ShieldIcon, UserIcon } from "./icons";

export function UserMenu() {
  const { user } = useRootData();
  return user ? <SignedInMenu isAdmin={user.role === "admin"} /> : <AnonymousMenu />;
}

function SignedInMenu({ isAdmin }: { isAdmin: boolean }) {
  const m = useMessages("shell");
  const localize = useLocalizedPath();
  return (
    <div className="flex items-center gap-1">
      {isAdmin ? (
        <LocalizedLink to="/admin/inventory" className="icon-btn" aria-label={m.shell.admin}>
          <ShieldIcon />
        </LocalizedLink>
      ) : (
        <LocalizedLink to="/profile" className="icon-btn" aria-label={m.shell.profile}>
          <UserIcon />
        </LocalizedLink>
      )}
      <Form method="post" action="/logout">
        <input type="hidden" name="redirectTo" value={localize("/")} />
        <button type="submit" className="icon-btn" aria-label={m.shell.logout}>
          <LogoutIcon />
        </button>
      </Form>
    </div>
  );
}

function AnonymousMenu() {
  const m = useMessages("shell");
  const [open, setOpen] = useState(false);
  // Not useId: the menu is also rendered on its own, to be spliced into a shared page (decision 060).
  const menuId = "account-menu";
  const container = useRef<HTMLFormElement>(null);
  const localize = useLocalizedPath();
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  // Before (or without) JavaScript the button goes to the log-in page, which links to sign-up.
  return (
    <form method="get" action={localize("/login")} className="relative" ref={container}>
      <button
        ref={button}
        type="submit"
        className="icon-btn"
        aria-label={m.shell.userMenu}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={(event) => {
          event.preventDefault();
          setOpen((value) => !value);
        }}
      >
        <UserIcon />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-30 mt-2 w-44 rounded-xl border border-border bg-surface p-2 shadow-lg"
      >
        <li>
          <LocalizedLink to="/login" className="block rounded-lg px-3 py-2 hover:bg-surface-2">
            {m.shell.login}
          </LocalizedLink>
        </li>
        <li>
          <LocalizedLink to="/signup" className="block rounded-lg px-3 py-2 hover:bg-surface-2">
            {m.shell.signup}
          </LocalizedLink>
        </li>
      </ul>
    </form>
  );
}
