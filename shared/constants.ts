/**
 * Business constants and limits from product-spec.md section 9 (and the timings of section 4).
 * Imported everywhere they are needed; never repeat one of these numbers elsewhere.
 */
export const STATS = [
  { title: 'Applications', target: 103000, suffix: '+' },
  { title: 'Groups', target: 1400, suffix: '+' },
  { title: 'Email Delivery Rate', target: 100, suffix: '%' },
  { title: 'Products', target: 21, suffix: '' },
] as const;

export const TIMING = {
  countUpMs: 1000,
  countUpGapMs: 50,
  revealDelaysMs: [600, 800, 900, 1000] as const,
  heroRevealMs: 800,
  revealOnScrollMs: { min: 400, max: 700 },
  cardStaggerMs: { min: 100, max: 150 },
  navFadeInMs: 400,
  dropdownCloseDelayMs: 150,
  scrollToTeamMs: 100,
  carouselIntervalMs: 3000,
  signInLoadingMs: 2000,
  pollIntervalMs: 15000,
  pollFastIntervalMs: 3000,
  navigateAfterCompleteMs: 5000,
  copyTickMs: 3000,
  webinarRevealMs: 600,
} as const;

export const LAYOUT = {
  dropdownWidthPx: 350,
  mobileBreakpointPx: 768,
  logoRingRadiusPx: { mobile: 100, desktop: 220 },
  partnerLogoCount: 8,
  carouselImageCount: 16,
  integrationsClaim: '100+',
} as const;

export const BYTES_PER_MB = 1048576;

export const CENSUS_UPLOAD = {
  maxMb: 5,
  maxBytes: 5 * BYTES_PER_MB,
  extensions: ['.xlsx', '.xls', '.csv'] as const,
  /**
   * Delimited text an eligibility vendor or payroll system sends (pipe, tab or semicolon): taken on
   * the web with the same content check as .csv (issue 21). The spec's 'Supported formats' line is
   * kept as written; these are accepted beside it.
   */
  textExtensions: ['.txt', '.tsv'] as const,
  /**
   * Documents (issue 30): a PDF (text layer or scanned) and a scanned page as an image, their tables
   * read as sheets. Taken by the API, the mail intake, the `census` command and the upload screen;
   * the spec's 'Supported formats' line is kept as written, a second line names these
   * (docs/decisions.md 'Census from documents').
   */
  documentExtensions: ['.pdf', '.png', '.jpg', '.jpeg'] as const,
  /** The file pickers' accept list (the upload screen, 'Add a file to this report'): spreadsheets, delimited text, PDF documents and scanned pages. */
  accept:
    '.xlsx,.xls,.csv,.txt,.tsv,.pdf,.png,.jpg,.jpeg,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv,text/plain,text/tab-separated-values,application/pdf,image/png,image/jpeg',
} as const;

/**
 * How long the server keeps data by default (each can be changed by configuration; the privacy page
 * states these defaults). Census cases (rows, files, exports): RETENTION_DAYS. Mailing-list rows and
 * case-study requests: FORM_RETENTION_DAYS.
 */
export const RETENTION = {
  censusDays: 7,
  formDays: 365,
} as const;

export const PRIVACY = {
  effectiveDate: 'Jun 11, 2024',
  minimumAge: 13,
  encryption: { inTransit: 'TLS', atRest: 'AES-256' },
} as const;

export const CLAIMS = {
  underwritingPrepReduction: 'up to 50% less underwriting prep time',
  goLive: 'go live in under a week',
  eoi: { weeks: 10, before: '60+ days', after: 'same-day', shareOfCases: '65%' },
} as const;

export const STATE_MAP = { quantizeSteps: 5 } as const;

/**
 * The sample census case (server/cases/sample.ts): made by the server from a fictional census
 * (examples/census/sample-census.xlsx) when it is missing, public at `path`, never expired,
 * never deleted or changed through the API. Its id is reserved: a random case id (base64url of 16
 * random bytes) has no hyphen pattern like this one except by a 2^-128 chance.
 */
export const SAMPLE_CASE = {
  id: 'benefold-sample-case-1',
  path: '/tools/census/sample',
  /** Relative to EXAMPLES_DIR; also downloadable at /examples/census/sample-census.xlsx. */
  file: 'census/sample-census.xlsx',
} as const;

/** Time units, in milliseconds (one place: retention, expiry, intake limits, dates). */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
