/** /enroll: the enrollment platform (product-spec section 2). */
import { BRAND } from '../../../shared/brand';
import { CLAIMS, LAYOUT } from '../../../shared/constants';
import { ProductPage, type ProductContent } from '../components/ProductPage';

const CONTENT: ProductContent = {
  eyebrow: `${BRAND.name} Enroll`,
  title: 'Enrollment that members finish and carriers can bill',
  lead: 'Guided, mobile-first enrollment for every group product, synced to the employer’s HR and payroll systems, with reminders that go out on their own and premiums that reconcile.',
  art: '/img/art/hero.svg',
  artAlt: 'An enrollment progress card next to a quote and a reconciled bill',
  badges: ['Rapid Deployment', `${LAYOUT.integrationsClaim} Integrations`, 'AI-Powered'],
  featuresTitle: 'Four steps, one platform',
  features: [
    { icon: '/img/icons/enroll.svg', title: 'Enroll', text: 'A guided flow per member: eligibility, dependents, plan comparison and EOI questions only where they apply, on any device.' },
    { icon: '/img/icons/sync.svg', title: 'Connect', text: `Eligibility and elections sync with ${LAYOUT.integrationsClaim} HRIS, payroll and ben-admin systems, or by EDI 834 file.` },
    { icon: '/img/icons/mail.svg', title: 'Engage', text: 'Trigger-based e-mails and texts remind members who started, stalled or still owe evidence of insurability.' },
    { icon: '/img/icons/bill.svg', title: 'Bill', text: 'List bills built from actual elections, with payroll deductions matched and differences flagged before the invoice goes out.' },
  ],
  benefitsTitle: 'What changes after your first enrollment season',
  benefits: [
    { title: 'Boost participation', text: 'Members who are reminded at the right moment finish. Carriers on Benefold see voluntary participation double within a season.' },
    { title: 'Reduce errors', text: 'Elections are validated as they are made: no missing beneficiaries, no dependents over age, no coverage above guaranteed issue without EOI.' },
    { title: 'Automate communication', text: 'Welcome, reminder, EOI and confirmation messages go out from rules you set once per product, in your brand and voice.' },
    { title: 'Seamless data sync', text: 'New hires, terminations and life events flow in from HR systems daily, so enrollment never works from last month’s census.' },
    { title: 'Improve billing accuracy', text: 'Premiums are calculated from the same records the member confirmed, and reconciled against payroll deductions automatically.' },
  ],
  reasonsTitle: 'Why carriers choose Enroll',
  reasons: [
    { title: 'Live in days', text: `Configure products from templates and ${CLAIMS.goLive}; no custom build per group.` },
    { title: 'Connected by default', text: `${LAYOUT.integrationsClaim} maintained integrations mean no new file feed for every new employer.` },
    { title: 'Built for members', text: 'Plain-language screens, mobile-first, accessible, and available in English and Spanish.' },
    { title: 'One source of truth', text: 'Enrollment, EOI status and billing read the same record, so reports match.' },
  ],
  ctaTitle: 'See a real enrollment flow, end to end',
  ctaText: 'In thirty minutes we walk through a group’s enrollment from the first invitation to the first reconciled bill, with your products.',
};

export default function Enroll() {
  return <ProductPage c={CONTENT} />;
}
