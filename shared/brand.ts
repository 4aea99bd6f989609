/**
 * The brand: every value product-spec.md leaves blank (see ../shared/spec/BRAND.md).
 * One place, so a deployment can rebrand without touching components.
 */
export const BRAND = {
  name: 'Benefold',
  tagline: 'Ecommerce for group insurance',
  domain: 'benefold.example',
  emails: {
    censusIntake: 'census@benefold.example',
    privacy: 'privacy@benefold.example',
    reachOut: 'careers@benefold.example',
    /** The From: address of mail the server sends. */
    noReply: 'no-reply@benefold.example',
    /**
     * Where 'Need help processing your file?' requests go: a team that answers people (BRAND.md names
     * none; ours). Never the census intake, which reads mail as uploads (issue 21). HELP_EMAIL overrides.
     */
    help: 'help@benefold.example',
  },
  links: {
    bookDemo: 'https://cal.benefold.example/demo',
    jobs: 'https://jobs.benefold.example',
    blog: 'https://blog.benefold.example',
    app: 'https://app.benefold.example',
    twitter: 'https://twitter.com/benefold',
    github: 'https://github.com/benefold',
    linkedin: 'https://www.linkedin.com/company/benefold',
  },
  /** Free-mail providers refused by the case-study form (sub-domains and regional domains included). */
  blockedEmailDomains: ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'] as const,
  caseStudyName: 'eoi-transformation-case-study.pdf',
  promotion: { mailingListType: 'PROMOTION', mailingListIdentifier: 'JAN2024' },
} as const;

export type Brand = typeof BRAND;
