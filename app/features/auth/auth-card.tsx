import { useLocale } from "~/features/i18n/use-locale";
import { colon } from "../../../domain/french.ts";

export function AuthCard({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <div className="card">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function FormError({ title, reason }: { title?: string; reason: string }) {
  const locale = useLocale();
  return (
    <div role="alert" className="alert-error">
      {title ? (
        <>
          <strong>{title}</strong>{colon(locale)}{reason}
        </>
      ) : (
        reason
      )}
    </div>
  );
}
