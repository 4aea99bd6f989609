/** What the navigation and footer link to (product-spec section 2, "Navigation and footer"). */
import { BRAND } from '../../../shared/brand';

export const PLATFORMS = [
  {
    to: '/enroll',
    name: 'Enroll',
    description: 'Enrollment automation: guided enrollment, data sync, reminders and billing.',
    icon: '/img/icons/enroll.svg',
  },
  {
    to: '/group-underwriting',
    name: 'Group Underwriting',
    description: 'Underwriting automation: census and plan parsing, AI normalisation, your rules.',
    icon: '/img/icons/underwriting.svg',
  },
] as const;

export const SOCIAL = [
  { href: BRAND.links.twitter, label: `${BRAND.name} on Twitter`, icon: 'twitter' },
  { href: BRAND.links.github, label: `${BRAND.name} on GitHub`, icon: 'github' },
  { href: BRAND.links.linkedin, label: `${BRAND.name} on LinkedIn`, icon: 'linkedin' },
] as const;
