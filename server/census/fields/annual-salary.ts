/** annualSalary: USD per year; "$55,000", "55000.00", "(500)" style values parsed (CENSUS.md). */
import { readPay } from './readers';
import { defineField } from './spec';

export const annualSalary = defineField({
  id: 'annualSalary', label: 'annual salary', group: 'pay', kind: 'money', scanDigits: 'amount',
  estimatedHow: () => 'estimated: the median salary of employees with the same job title, or of all employees of the file',
  namedByValuesWithoutHeaders: true, needsHeader: true, payPeriod: 'yearly',
  read: readPay,
  slot: (o, v) => { o.annualSalary = v as number; },
});
