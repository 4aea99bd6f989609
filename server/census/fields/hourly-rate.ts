/** hourlyRate: USD per hour; annual = rate x hours x 52, 40 hours when hours are missing (CENSUS.md). */
import { readPay } from './readers';
import { defineField } from './spec';

export const hourlyRate = defineField({
  id: 'hourlyRate', label: 'hourly rate', group: 'pay', kind: 'money', scanDigits: 'amount',
  needsHeader: true, payPeriod: 'hourly',
  read: readPay,
  slot: (o, v) => { o.hourlyRate = v as number; },
});
