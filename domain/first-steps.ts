/** The owner's first steps before selling (issue 35), in the order /admin lists them. */
export const FIRST_STEPS = [
  "identity",
  "legal",
  "pickup",
  "aboutServices",
  "sampleCatalogue",
  "sampleProjects",
  "mail",
  "payments",
  "backups",
] as const;
export type FirstStepKey = (typeof FIRST_STEPS)[number];

/** What the owner does on the list itself: nothing (the link does it), mark it done, or remove samples. */
export type FirstStepAction = "acknowledge" | "removeSampleCatalogue" | "removeSampleProjects" | null;

export type FirstStep = { key: FirstStepKey; done: boolean; to: string; action: FirstStepAction };

/** Steps the data cannot settle by itself: the owner says "done" (keeping the outbox, test mode for now…). */
export const ACKNOWLEDGED_STEPS: readonly FirstStepKey[] = ["mail", "payments"];

export function isFirstStep(value: string): value is FirstStepKey {
  return (FIRST_STEPS as readonly string[]).includes(value);
}
