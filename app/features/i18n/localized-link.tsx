import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useLocalizedPath } from "./use-locale";

export function LocalizedLink({ to, ...props }: LinkProps & { to: string }) {
  const localize = useLocalizedPath();
  return <Link to={localize(to)} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: NavLinkProps & { to: string }) {
  const localize = useLocalizedPath();
  return <NavLink to={localize(to)} {...props} />;
}
