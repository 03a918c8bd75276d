/** The studio's mark: a nozzle laying a layered "F". Colours follow the theme. */
export function Logo({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--accent)" />
      <path d="M12 30V10h16" stroke="var(--on-accent)" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M12 20h11" stroke="var(--on-accent)" strokeWidth="4" strokeLinecap="round" />
      <path d="M12 34.5h16" stroke="var(--on-accent)" strokeOpacity=".5" strokeWidth="1.5" />
    </svg>
  );
}
