/** The census tool's pictures: drawn here as SVG (no image requests, no third-party art). */
const base = {
  viewBox: '0 0 48 48',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function UploadIcon() {
  return (
    <svg {...base} className="drop-icon">
      <path d="M14 34h-2a9 9 0 0 1-1.5-17.9A12 12 0 0 1 34 13a8.5 8.5 0 0 1 2 16.8" />
      <path d="M24 40V22m-7 7 7-7 7 7" />
    </svg>
  );
}

/** A sheet with 'CSV' on it, or a spreadsheet with a grid (the spec: an icon depending on CSV or spreadsheet). */
export function FileIcon({ kind }: { kind: 'csv' | 'spreadsheet' }) {
  return (
    <svg {...base} className={`file-icon ${kind}`} part="file-icon">
      <path d="M12 4h17l9 9v31H12z" />
      <path d="M29 4v9h9" />
      {kind === 'csv' ? (
        <text x="25" y="35" textAnchor="middle" fontSize="10" fontWeight="700" fill="currentColor" stroke="none">
          CSV
        </text>
      ) : (
        <path d="M17 22h16v15H17zM17 29.5h16M25 22v15" strokeWidth={2} />
      )}
    </svg>
  );
}

export function SadFace() {
  return (
    <svg {...base} className="sad" strokeWidth={2.5}>
      <circle cx="24" cy="24" r="20" />
      <path d="M17 19v.01M31 19v.01" strokeWidth={4} />
      <path d="M16 34c2-3.2 4.8-4.8 8-4.8s6 1.6 8 4.8" />
    </svg>
  );
}

export function CopyIcon() {
  return (
    <svg {...base} className="icon" viewBox="0 0 24 24" strokeWidth={2}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}
