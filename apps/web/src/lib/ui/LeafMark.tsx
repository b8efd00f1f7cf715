/** The small leaf logo mark (decorative). */
export function LeafMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" className="fill-brand-700" />
      <path d="M9 23c0-8 5-13 15-14-1 10-6 15-14 15" className="fill-brand-200" />
      <path
        d="M9 23c3-4 6-7 10-9"
        className="stroke-brand-700"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
