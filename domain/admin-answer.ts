/** What an admin page's action answers to a one-click form (delete, role, read…): shown by the page. */
export type AdminAnswer = {
  intent: string;
  id: string;
  ok: boolean;
  message: string;
  /** A change that asks first, posted without the dialog (no JavaScript yet): the fields to post again, confirmed. */
  confirm?: Record<string, string>;
};
