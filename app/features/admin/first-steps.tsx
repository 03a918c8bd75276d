import { useState } from "react";
import { useFetcher } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import type { AdminAnswer } from "../../../domain/admin-answer.ts";
import type { FirstStep } from "../../../domain/first-steps.ts";
import { AnswerNotice, ConfirmDialog, ConfirmedButton } from "./ui";

/** What to do before selling (issue 35): shown on /admin until every step is done. */
export function FirstSteps({
  steps,
  configured,
  answer,
}: {
  steps: FirstStep[];
  configured: { mail: boolean; payments: boolean };
  answer: AdminAnswer | undefined;
}) {
  const m = useMessages("firstSteps");
  const t = m.firstSteps;
  const fetcher = useFetcher<AdminAnswer>();
  const [removing, setRemoving] = useState<"removeSampleCatalogue" | "removeSampleProjects" | null>(null);
  const done = steps.filter((step) => step.done).length;
  const shown = fetcher.data ?? answer;
  return (
    <section aria-labelledby="first-steps-title" className="card space-y-4 p-5">
      <div>
        <h2 id="first-steps-title" className="text-lg font-bold">
          {t.title}
        </h2>
        <p className="text-muted">
          {t.intro} {t.progress(done, steps.length)}
        </p>
      </div>
      <AnswerNotice answer={shown} />
      <ol className="space-y-3">
        {steps.map((step) => {
          const words = t.steps[step.key];
          const text =
            (step.key === "mail" && configured.mail) || (step.key === "payments" && configured.payments)
              ? (words as { configured: string }).configured
              : words.text;
          return (
            <li key={step.key} className="rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">{words.title}</h3>
                <span className={step.done ? "text-sm font-semibold text-success" : "text-sm text-muted"}>
                  {step.done ? t.done : t.toDo}
                </span>
              </div>
              {!step.done && (
                <>
                  <p className="mt-1 text-sm">{text}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <LocalizedLink to={step.to} className="text-sm font-medium text-accent underline">
                      {words.link}
                    </LocalizedLink>
                    {step.action === "acknowledge" && (
                      <fetcher.Form method="post">
                        <input type="hidden" name="intent" value="acknowledge" />
                        <input type="hidden" name="id" value={step.key} />
                        <button type="submit" className="btn btn-secondary px-3 py-1.5 text-sm">
                          {t.markDone}
                        </button>
                      </fetcher.Form>
                    )}
                    {(step.action === "removeSampleCatalogue" || step.action === "removeSampleProjects") && (
                      <ConfirmedButton
                        label={
                          step.action === "removeSampleCatalogue"
                            ? t.steps.sampleCatalogue.remove
                            : t.steps.sampleProjects.remove
                        }
                        fields={{ intent: step.action, id: step.key }}
                        onClick={() => setRemoving(step.action as typeof removing)}
                      >
                        {step.action === "removeSampleCatalogue"
                          ? t.steps.sampleCatalogue.remove
                          : t.steps.sampleProjects.remove}
                      </ConfirmedButton>
                    )}
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={removing !== null}
        message={removing === "removeSampleProjects" ? t.steps.sampleProjects.confirm : t.steps.sampleCatalogue.confirm}
        confirmLabel={
          removing === "removeSampleProjects" ? t.steps.sampleProjects.remove : t.steps.sampleCatalogue.remove
        }
        fetcher={fetcher}
        fields={{ intent: removing ?? "", id: removing ?? "" }}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
