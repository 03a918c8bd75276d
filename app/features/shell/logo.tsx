/**
 * The studio's uploaded logo (Admin → Settings), or the drawn mark: a nozzle laying a layered "F",
 * in the theme's colours. Decorative: the studio's name is beside it or on its link.
 */
export function Logo({ src, className = "h-9 w-9" }: { src: string | null; className?: string }) {
  if (src) return <img src={src} alt="" className={`${className} w-auto max-w-32 object-contain`} />;
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--accent)" />
      <path d="M12 30V10h16" stroke="var(--on-accent)" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M12 20h11" stroke="var(--on-accent)" strokeWidth="4" strokeLinecap="round" />
      <path d="M12 34.5h16" stroke="var(--on-accent)" strokeOpacity=".5" strokeWidth="1.5" />
    </svg>
  );
}
