/** <census-parser>'s own captions: the texts the spec does not spell out (the spec's are in shared/messages.ts). */
export const PARSER_LABELS = {
  browse: 'Browse',
  email: 'Email address',
  notifyButton: 'Notify me',
  notifiedButton: 'Notified',
  helpButton: 'Send',
  password: 'File password',
  unlock: 'Open file',
  cancel: 'Choose another file',
  openReport: 'Open the report',
  completed: 'Your file is ready.',
  progress: 'Upload progress',
  tracker: 'Processing steps',
  /** At load, when the API refuses this page's origin: for the partner developer, who can act on it. */
  originRefused: (origin: string) =>
    `This page (${origin}) is not allowed to use the Benefold census API, so files cannot be uploaded here yet. If this is your site, ask Benefold to add ${origin} to its allowed origins.`,
  /** Under the contact field when the request failed without a sentence of the server's. */
  contactFailed: 'This could not be sent. Check the address and try again.',
  /** Under the file row after a drop of several files (spec: only the first is used). */
  otherFiles: (name: string, n: number) =>
    `Only the first file, ${name}, was uploaded; ${n === 1 ? 'the other file was' : `the other ${n} files were`} not. Once the report opens, add ${n === 1 ? 'it' : 'them'} there with 'Add a file to this report'.`,
} as const;
