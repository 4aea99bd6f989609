/** /group-underwriting: the underwriting platform, same layout as /enroll (product-spec section 2). */
import { BRAND } from '../../../shared/brand';
import { CLAIMS, SAMPLE_CASE } from '../../../shared/constants';
import { ProductPage, type ProductContent } from '../components/ProductPage';

const CONTENT: ProductContent = {
  eyebrow: `${BRAND.name} Group Underwriting`,
  title: 'Underwrite the case, not the spreadsheet',
  lead: `Request documents, census files and plan designs (Excel, CSV, PDF, even ZIP) are read, cleaned and checked against your own rules before an underwriter opens them: ${CLAIMS.underwritingPrepReduction}.`,
  // A picture of the real sample report (scripts/dev/shoot-sample-report.mjs), not a drawing.
  art: '/img/art/sample-report.webp',
  artAlt: 'The census report of the sample case: total lives, gender split and age bands of a fictional employer',
  heroLink: { to: SAMPLE_CASE.path, label: 'See a sample report' },
  badges: ['Fast Implementation', 'AI-Powered Insights', 'SOC-2 Compliant'],
  featuresTitle: 'From RFP packet to rate-ready data',
  features: [
    {
      icon: '/img/icons/scan.svg', title: 'Data extraction',
      text: 'Census, plan design and request documents in Excel, CSV, PDF or ZIP are read, with OCR for scans and unlocking of password-protected files.',
      // The claim, tried: the free census tool reads spreadsheets, PDFs and scanned pages (issue 30).
      link: { to: '/tools/census', label: 'Try it on a census: spreadsheets, PDFs and scans' },
    },
    { icon: '/img/icons/spark.svg', title: 'AI normalisation', text: 'Columns are mapped to one schema whatever the broker called them; dates, genders, salaries and classes are normalised and duplicates merged.' },
    { icon: '/img/icons/rules.svg', title: 'Custom rule engine', text: 'Participation minimums, age limits, occupation classes and state rules are yours to configure and version, without code.' },
    { icon: '/img/icons/gauge.svg', title: 'Advanced AI', text: 'Missing birth dates, genders and salaries are imputed from the rest of the census, and every imputed value is marked as such.' },
    { icon: '/img/icons/alert.svg', title: 'Real-time alerts', text: 'Underwriters are told the moment a case breaks a rule or a census looks wrong, with the rows that caused it.' },
  ],
  benefitsTitle: 'What your underwriting desk gets back',
  benefits: [
    { title: 'Less prep, more judgement', text: 'Cleaning and re-keying disappear, so underwriters spend their hours on the risk decisions only they can make.' },
    { title: 'Faster quotes', text: 'Clean census data the same day it arrives means brokers get a quote while the employer is still deciding.' },
    { title: 'Consistent decisions', text: 'The same rules apply to every case and every underwriter, and every exception is recorded with its reason.' },
    { title: 'Fewer surprises at enrollment', text: 'Problems in the census are caught at quote time, not after the group has signed and members start enrolling.' },
    { title: 'An audit trail by default', text: 'Each value shows where it came from: the file, the sheet, the cell, or the model that imputed it.' },
  ],
  reasonsTitle: 'Why carriers choose Group Underwriting',
  reasons: [
    { title: 'Fast implementation', text: `Connect your rating inputs and rules and ${CLAIMS.goLive}.` },
    { title: 'AI insights', text: 'See the demographics, salary bands and risk flags of each case at a glance.' },
    { title: 'No-code platform', text: 'Underwriting leads change rules and thresholds themselves, with versioning and review.' },
    { title: 'Robust security', text: 'SOC 2 aligned, encrypted at rest with AES-256, SAML sign-in and IP safe listing.' },
  ],
  ctaTitle: 'Bring your hardest census to the demo',
  ctaText: 'Send us a real (anonymised) census and a plan design. We will show you the clean, rate-ready result live.',
};

export default function GroupUnderwriting() {
  return <ProductPage c={CONTENT} />;
}
