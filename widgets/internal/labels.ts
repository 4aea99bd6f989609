/**
 * Interface labels the spec does not spell out (it names the controls, not their captions).
 * The spec's own texts come from shared/messages.ts; these are ours. Candidates for
 * shared/messages.ts if the site ever needs the same captions.
 */
export const LABELS = {
  submit: 'Submit',
  firstName: 'First name',
  lastName: 'Last name',
  workEmail: 'Work email',
  email: 'Email address',
  honeypot: 'Leave this field empty',
} as const;
