/** The home page's copy (product-spec section 1 claims; figures from shared/constants.ts). */
import { CLAIMS, LAYOUT } from '../../../shared/constants';

export const ADVANTAGES = [
  {
    icon: '/img/icons/hands-free.svg',
    title: 'No manual work',
    text: 'Quote, underwrite and enroll without re-keying a single census row. Every hand-off between broker, carrier and employer is a data sync, not an e-mail attachment.',
  },
  {
    icon: '/img/icons/rocket.svg',
    title: 'Live in under a week',
    text: 'Your products, rates and rules go into configuration, not a build project. Most carriers sell their first group on Benefold within five business days.',
  },
  {
    icon: '/img/icons/gauge.svg',
    title: 'Up to 50% less prep time',
    text: 'Census files, plan designs and RFP packets arrive parsed and normalised, so underwriters spend their day on risk, not on spreadsheets.',
  },
  {
    icon: '/img/icons/people.svg',
    title: 'Double participation',
    text: 'Guided, mobile-first enrollment with timed reminders reaches the employees who never open a benefits portal, and voluntary products get chosen.',
  },
] as const;

/** The offer icons by key; an unknown key logs 'Image not found' and gets the fallback (spec section 8). */
const OFFER_ICONS: Record<string, string> = {
  builder: '/img/icons/builder.svg',
  plug: '/img/icons/plug.svg',
  blocks: '/img/icons/blocks.svg',
  chart: '/img/icons/chart.svg',
  compass: '/img/icons/compass.svg',
  mail: '/img/icons/mail.svg',
};
export const OFFER_ICON_FALLBACK = '/img/icons/question.svg';

export function offerIcon(key: string): string {
  const src = OFFER_ICONS[key];
  if (src) return src;
  console.error('Image not found');
  return OFFER_ICON_FALLBACK;
}

export const OFFERS = [
  {
    icon: 'builder',
    title: 'Low-code journey builder',
    text: 'Drag screens, questions and eligibility rules into a quote or enrollment journey. Publish to a test group, then to everyone.',
  },
  {
    icon: 'plug',
    title: `${LAYOUT.integrationsClaim} integrations`,
    text: 'Native connectors for HRIS, payroll, benefits administration and enrollment platforms keep eligibility and deductions in step.',
  },
  {
    icon: 'blocks',
    title: 'Turnkey groups and products',
    text: 'Add a new group, a new state filing or a new voluntary product from a template. No ticket to engineering.',
  },
  {
    icon: 'chart',
    title: 'Behavioural analytics',
    text: 'See where members pause, which plans they compare and which reminder brought them back, per group and per product.',
  },
  {
    icon: 'compass',
    title: 'Self-configuring journey',
    text: 'The journey adapts to each member: dependents, life events and evidence-of-insurability questions appear only when they apply.',
  },
  {
    icon: 'mail',
    title: 'Trigger-based e-mails',
    text: 'Configure reminders on any event (enrollment opened, EOI pending, deadline in three days) with your own copy and branding.',
  },
] as const;

export const ARTICLES = [
  {
    id: 'security',
    eyebrow: 'Security',
    title: 'Built for the data carriers are trusted with',
    text: 'Member and census data is encrypted in transit and at rest, and the platform is SOC 2 aligned. Access to your tenant can be limited to your own IP addresses, and your staff sign in through SAML with the identity provider you already run.',
    points: ['SOC 2 aligned controls, reviewed yearly', 'IP-address safe listing per tenant', 'SAML single sign-on and role-based access'],
    art: '/img/art/security.svg',
  },
  {
    id: 'connectivity',
    eyebrow: 'Connectivity',
    title: 'One connection to the systems your groups already use',
    text: `Eligibility files, payroll deductions and carrier feeds move through ${LAYOUT.integrationsClaim} maintained connectors and EDI 834 exchanges. When a group changes HR system, you change a setting, not an integration project.`,
    points: ['HRIS, payroll and ben-admin connectors', 'EDI 834 and custom file layouts', 'Change logs for every record that moved'],
    art: '/img/art/connectivity.svg',
  },
  {
    id: 'scalability',
    eyebrow: 'Scalability',
    title: 'From ten lives to ten thousand, the same day',
    text: `Open enrollment peaks do not wait. Benefold scales with your book, so a 4,000-life case quotes as quickly as a 12-life one, and you can ${CLAIMS.goLive} with the next product.`,
    points: ['Elastic capacity for open-enrollment peaks', 'Multi-state, multi-product groups', 'Same-day quotes on large census files'],
    art: '/img/art/scalability.svg',
  },
] as const;
