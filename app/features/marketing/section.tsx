import { LocalizedLink } from "~/features/i18n/localized-link";

/** A page section with its heading (h2) and an optional introduction. */
export function Section({
  id,
  title,
  intro,
  children,
  className = "",
}: {
  id: string;
  title: string;
  intro?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-6xl px-4 py-16 ${className}`}>
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {intro && <p className="mt-3 max-w-2xl text-muted">{intro}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** The page's title block. */
export function PageHeader({ title, intro, children }: { title: string; intro: string; children?: React.ReactNode }) {
  return (
    <header className="mx-auto max-w-6xl px-4 pt-16 pb-4">
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">{intro}</p>
      {children}
    </header>
  );
}

/** The call to action that ends a page: a heading, a sentence and a button to /contact. */
export function CallToAction({ id, title, text, button }: { id: string; title: string; text: string; button: string }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16">
      <div className="rounded-3xl border border-border bg-surface-2 px-6 py-12 text-center sm:px-12">
        <h2 id={id} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">{text}</p>
        <LocalizedLink to="/contact" className="btn btn-primary mt-8">
          {button}
        </LocalizedLink>
      </div>
    </section>
  );
}
