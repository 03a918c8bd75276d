import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * The state of a radio group a page controls (what it shows depends on the choice), that keeps
 * what a person chose before the page's script ran (decision 062: a page hydrates after `load`).
 * React keeps the browser's checked box while it hydrates, but the state would still hold the
 * server's value, and the next render would tick it back. So at hydration the state takes the
 * group's checked value from the document; afterwards, a new value from the server (another
 * answer of the loader) replaces it, as `useState` alone would not.
 */
export function useChoiceState<T extends string>(
  container: RefObject<HTMLElement | null>,
  name: string,
  serverValue: T,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(serverValue);
  const [fromServer, setFromServer] = useState<T>(serverValue);
  if (fromServer !== serverValue) {
    setFromServer(serverValue);
    setValue(serverValue);
  }
  useLayoutEffect(() => {
    const checked = container.current?.querySelector<HTMLInputElement>(
      `input[type="radio"][name="${CSS.escape(name)}"]:checked`,
    );
    if (checked && checked.value !== serverValue) setValue(checked.value as T);
    // Once, at hydration: later choices go through the inputs' onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue];
}
