/**
 * The text a person typed into a server-rendered <textarea> before the page's script ran, while
 * React has not taken it over yet. React keeps an input's typed value when it hydrates, but puts a
 * textarea's back to its default text when that text is not empty; a textarea that starts from
 * this keeps the typing (build item 7 of issue 34).
 */
export function textTypedBeforeHydration(id: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const element = document.getElementById(id);
  if (!(element instanceof HTMLTextAreaElement)) return undefined;
  // An element React already owns belongs to a page that is being left, not to this one's HTML.
  if (Object.keys(element).some((key) => key.startsWith("__react"))) return undefined;
  return element.value;
}
