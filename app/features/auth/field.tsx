type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: string };

/**
 * A labelled input. Its id comes from its name, not useId: the profile's forms are also rendered on
 * their own, to be spliced into a shared frame (decision 075), where useId would not match.
 */
export function Field({ label, hint, ...input }: FieldProps) {
  const id = input.id ?? `field-${input.name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="field-input" aria-describedby={hintId} {...input} />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
