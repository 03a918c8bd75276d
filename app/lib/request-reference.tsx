import { createContext, useContext, useState, type ReactNode } from "react";

/**
 * The id of the request that rendered this page, so that an error page can show a buyer what to
 * quote to the studio (the server's log carries the same id on every line of that request). The
 * server provides it; in the browser the page reads it back from what the server wrote.
 */
const RequestReference = createContext<string | undefined>(undefined);
const ELEMENT_ID = "request-reference";

export function RequestReferenceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return <RequestReference.Provider value={value}>{children}</RequestReference.Provider>;
}

export function useRequestReference(): string | undefined {
  const fromServer = useContext(RequestReference);
  const [fromPage] = useState(() =>
    typeof document === "undefined" ? undefined : (document.getElementById(ELEMENT_ID)?.textContent ?? undefined),
  );
  return fromServer ?? fromPage;
}

/** The reference as the error page shows it. */
export function RequestReferenceText({ label, reference }: { label: string; reference: string }) {
  return (
    <p className="mt-2 text-sm text-muted">
      {label} <code id={ELEMENT_ID}>{reference}</code>
    </p>
  );
}
