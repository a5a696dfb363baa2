// Decorative inline icons (landing page, plan features); hidden from assistive technology.

const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function CheckIcon() {
  return (
    <svg {...common} className="icon icon-check">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function BoltIcon() {
  return (
    <svg {...common} className="icon">
      <path d="M13 2L4.5 13.5H12L11 22l8.5-11.5H12L13 2z" />
    </svg>
  );
}

export function SlidersIcon() {
  return (
    <svg {...common} className="icon">
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  );
}

export function BookmarkIcon() {
  return (
    <svg {...common} className="icon">
      <path d="M6 3h12v18l-6-4.5L6 21V3z" />
    </svg>
  );
}
