import { useMessages } from "../i18n/use-locale";

/** An event note is a code ("fulfilled_shipped"), optionally followed by "|" and the admin's words. */
export function useEventNote() {
  const m = useMessages("orders");
  return (note: string | null): { label: string; detail: string | null } => {
    if (!note) return { label: "", detail: null };
    const [code, ...rest] = note.split("|");
    return { label: m.orders.notes[code!] ?? code!, detail: rest.length ? rest.join("|") : null };
  };
}
