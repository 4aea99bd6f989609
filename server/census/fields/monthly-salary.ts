/** monthlySalary: USD per month; annual = 12 x monthly (CENSUS.md). */
import { readPay } from './readers';
import { defineField } from './spec';

export const monthlySalary = defineField({
  id: 'monthlySalary', label: 'monthly salary', group: 'pay', kind: 'money', scanDigits: 'amount',
  needsHeader: true, payPeriod: 'monthly',
  read: readPay,
  slot: (o, v) => { o.monthlySalary = v as number; },
});
