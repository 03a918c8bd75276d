import { Form } from "react-router";
import { Logo } from "../shell/logo";
import { useMessages } from "../i18n/use-locale";

/**
 * Admin → Settings: the studio's logo, shown in the header, on Quick links and in every e-mail.
 * A file post of its own (intent "logo"): the identity form stays a small text form.
 */
export function LogoForm({
  logo,
  error,
  notice,
  busy,
}: {
  logo: string | null;
  error: string | undefined;
  notice: React.ReactNode;
  busy: boolean;
}) {
  const s = useMessages("settings").settings.logo;
  return (
    <Form method="post" encType="multipart/form-data" className="card space-y-4" aria-labelledby="logo-heading">
      <div>
        <h2 id="logo-heading" className="text-xl font-bold">
          {s.heading}
        </h2>
        <p className="mt-1 text-muted">{s.intro}</p>
      </div>
      {notice}
      <div className="flex items-center gap-4">
        <Logo src={logo} className="h-16 w-16" />
        <p className="text-sm text-muted">{logo ? s.current : s.none}</p>
      </div>
      <div>
        <label htmlFor="logo-file" className="block font-medium">
          {s.file}
        </label>
        <p id="logo-file-hint" className="text-sm text-muted">
          {s.fileHint}
        </p>
        <input
          id="logo-file"
          name="logo"
          type="file"
          accept="image/png,image/webp,image/jpeg"
          aria-describedby={error ? "logo-file-hint logo-file-error" : "logo-file-hint"}
          aria-invalid={error ? true : undefined}
          className="mt-2 block w-full max-w-full text-sm"
        />
        {error && (
          <p id="logo-file-error" className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="logo" className="btn btn-primary" disabled={busy}>
          {s.upload}
        </button>
        {logo && (
          <button type="submit" name="intent" value="logoRemove" className="btn btn-secondary" disabled={busy}>
            {s.remove}
          </button>
        )}
      </div>
    </Form>
  );
}
