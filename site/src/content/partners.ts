/** Fictional integration partners for the home page's hub. The marks are our own drawings. */
export const PARTNERS = [
  { name: 'Harborline HR', kind: 'HRIS', logo: '/img/partners/harborline.svg' },
  { name: 'Cobalt Payroll', kind: 'Payroll', logo: '/img/partners/cobalt.svg' },
  { name: 'Meridian BenAdmin', kind: 'Benefits administration', logo: '/img/partners/meridian.svg' },
  { name: 'Tallgrass People', kind: 'HRIS', logo: '/img/partners/tallgrass.svg' },
  { name: 'Keystone Enroll', kind: 'Enrollment', logo: '/img/partners/keystone.svg' },
  { name: 'Lumen Pay', kind: 'Payroll', logo: '/img/partners/lumen.svg' },
  { name: 'Birchway Benefits', kind: 'Benefits administration', logo: '/img/partners/birchway.svg' },
  { name: 'Quarry HCM', kind: 'Human capital management', logo: '/img/partners/quarry.svg' },
] as const;
