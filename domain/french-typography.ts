/**
 * French typography for text the studio types (project descriptions, FAQ answers): a narrow
 * no-break space before « ; ! ? » and inside guillemets, a no-break space before « : », and
 * "quotes" turned into « guillemets ». The catalogues are written this way by hand
 * (messages/french-typography.test.ts); text from the admin gets it when rendered.
 */
const NARROW = "\u202f";
const NO_BREAK = "\u00a0";

export function frenchTypography(text: string): string {
  return (
    text
      // "a quote" → « a quote »
      .replace(/"([^"\n]+)"/g, "«$1»")
      .replace(/«[ \u00a0\u202f]*/g, `«${NARROW}`)
      .replace(/[ \u00a0\u202f]*»/g, `${NARROW}»`)
      // Not inside an address or a time: "https://", "10:30" keep their colon.
      .replace(/[ \u00a0\u202f]*([;!?])(?=\s|$)/g, `${NARROW}$1`)
      .replace(/(\S)[ \u00a0\u202f]*:(?=\s|$)/g, `$1${NO_BREAK}:`)
  );
}
