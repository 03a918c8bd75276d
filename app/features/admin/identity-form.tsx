import { Form } from "react-router";
import { IDENTITY_LIMITS, SOCIAL_NETWORKS, WEEKDAYS, type StudioIdentity } from "../../../domain/studio-identity.ts";
import { useMessages } from "../i18n/use-locale";
import { TextInput } from "./ui";

/**
 * Admin → Settings: the studio's identity, hours, closures and social links (issue 23). A plain
 * form post to the settings page's action (intent "identity"); `loadedAt` refuses a stale save.
 * Closures are rows of the same names, two blank ones to add.
 */
export function IdentityForm({
  identity,
  updatedAt,
  errors,
  notice,
  busy,
}: {
  identity: StudioIdentity;
  updatedAt: string;
  errors: Record<string, string>;
  notice: React.ReactNode;
  busy: boolean;
}) {
  const m = useMessages("settings", "shell");
  const s = m.settings.identity;
  const closures = [...identity.closures, null, null];
  return (
    <Form method="post" className="card space-y-6" aria-labelledby="identity-heading" key={updatedAt}>
      <div>
        <h2 id="identity-heading" className="text-xl font-bold">
          {s.heading}
        </h2>
        <p className="mt-1 text-muted">{s.intro}</p>
      </div>
      {notice}
      <input type="hidden" name="intent" value="identity" />
      <input type="hidden" name="loadedAt" value={updatedAt} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={s.name}
          name="name"
          defaultValue={identity.name}
          maxLength={IDENTITY_LIMITS.name}
          required
          error={errors.name}
        />
        <TextInput
          label={s.phone}
          hint={s.phoneHint}
          name="phone"
          type="tel"
          defaultValue={identity.phone}
          maxLength={IDENTITY_LIMITS.phone}
          required
          error={errors.phone}
        />
        <TextInput
          label={s.email}
          name="email"
          type="email"
          defaultValue={identity.email}
          maxLength={IDENTITY_LIMITS.email}
          required
          error={errors.email}
        />
        <TextInput
          label={s.street}
          name="street"
          defaultValue={identity.street}
          maxLength={IDENTITY_LIMITS.street}
          error={errors.street}
        />
        <TextInput
          label={s.city}
          hint={s.cityHint}
          name="city"
          defaultValue={identity.city}
          maxLength={IDENTITY_LIMITS.city}
          required
          error={errors.city}
        />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{s.wordsHeading}</legend>
        <p className="text-sm text-muted">{s.wordsIntro}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={s.taglineEn}
            name="tagline.en"
            defaultValue={identity.tagline.en}
            maxLength={IDENTITY_LIMITS.tagline}
            error={errors["tagline.en"]}
          />
          <TextInput
            label={s.taglineFr}
            name="tagline.fr"
            defaultValue={identity.tagline.fr}
            maxLength={IDENTITY_LIMITS.tagline}
            error={errors["tagline.fr"]}
          />
          <TextInput
            label={s.hoursNoteEn}
            name="hoursNote.en"
            defaultValue={identity.hoursNote.en}
            maxLength={IDENTITY_LIMITS.hoursNote}
            error={errors["hoursNote.en"]}
          />
          <TextInput
            label={s.hoursNoteFr}
            name="hoursNote.fr"
            defaultValue={identity.hoursNote.fr}
            maxLength={IDENTITY_LIMITS.hoursNote}
            error={errors["hoursNote.fr"]}
          />
          <TextInput
            label={s.orderPrefix}
            hint={s.orderPrefixHint(identity.orderPrefix)}
            name="orderPrefix"
            defaultValue={identity.orderPrefix}
            maxLength={4}
            required
            error={errors.orderPrefix}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{s.hoursHeading}</legend>
        {WEEKDAYS.map((day) => {
          const hours = identity.hours[day];
          const name = m.shell.weekdays[day];
          return (
            <div
              key={day}
              className="grid gap-3 border-t border-border pt-3 sm:grid-cols-[8rem_auto_1fr_1fr] sm:items-end"
            >
              <p className="font-semibold capitalize">{name}</p>
              <label className="flex items-center gap-2 sm:pb-2">
                <input type="checkbox" name={`hours.${day}.closed`} defaultChecked={hours === null} />
                <span>
                  {s.closed}
                  <span className="sr-only"> ({name})</span>
                </span>
              </label>
              <TextInput
                label={s.opens(name)}
                name={`hours.${day}.open`}
                type="time"
                defaultValue={hours?.open ?? ""}
                error={errors[`hours.${day}.open`]}
              />
              <TextInput
                label={s.closes(name)}
                name={`hours.${day}.close`}
                type="time"
                defaultValue={hours?.close ?? ""}
                error={errors[`hours.${day}.close`]}
              />
            </div>
          );
        })}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{s.closuresHeading}</legend>
        <p className="text-sm text-muted">{s.closuresIntro}</p>
        {errors.closures && <p className="text-sm font-medium text-danger">{errors.closures}</p>}
        {closures.map((closure, i) => (
          <div
            key={i}
            className="grid gap-3 border-t border-border pt-3 sm:grid-cols-2 lg:grid-cols-4"
            role="group"
            aria-label={s.closureRow(i + 1)}
          >
            <TextInput
              label={s.closureFrom}
              name="closures.from"
              type="date"
              defaultValue={closure?.from ?? ""}
              error={errors[`closures.${i}.from`]}
            />
            <TextInput
              label={s.closureTo}
              name="closures.to"
              type="date"
              defaultValue={closure?.to ?? ""}
              error={errors[`closures.${i}.to`]}
            />
            <TextInput
              label={s.closureLabelEn}
              name="closures.labelEn"
              defaultValue={closure?.label.en ?? ""}
              maxLength={IDENTITY_LIMITS.label}
              error={errors[`closures.${i}.labelEn`]}
            />
            <TextInput
              label={s.closureLabelFr}
              name="closures.labelFr"
              defaultValue={closure?.label.fr ?? ""}
              maxLength={IDENTITY_LIMITS.label}
              error={errors[`closures.${i}.labelFr`]}
            />
          </div>
        ))}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{s.socialsHeading}</legend>
        <p className="text-sm text-muted">{s.socialsIntro}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextInput
              key={network}
              label={s.socials[network]}
              name={`socials.${network}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              defaultValue={identity.socials[network] ?? ""}
              maxLength={IDENTITY_LIMITS.url}
              error={errors[`socials.${network}`]}
            />
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {s.save}
      </button>
    </Form>
  );
}
