import { Notice } from "./ui";

/** What Admin → Settings' action answered: which form (intent, and target for a zone or a tax), and how it went. */
export type SettingsAnswer = {
  intent: string;
  target: string;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
};

/** What each of the settings page's forms needs from the page: the last answer, whether a post is going. */
export type SettingsForms = {
  result: SettingsAnswer | undefined;
  busy: boolean;
  errorsFor: (intent: string, target?: string) => Record<string, string>;
};

/** The answer's notice, under the form it is about. */
export function Result({
  result,
  intent,
  target = "",
}: {
  result: SettingsAnswer | undefined;
  intent: string;
  target?: string;
}) {
  if (!result || result.intent !== intent || result.target !== target) return null;
  return <Notice kind={result.ok ? "success" : "error"}>{result.message}</Notice>;
}
