/** What an admin page's action answers to a one-click form (delete, role, read…): shown by the page. */
export type AdminAnswer = { intent: string; id: string; ok: boolean; message: string };
