/** <census-parser>'s own captions: the texts the spec does not spell out (the spec's are in shared/messages.ts). */
export const PARSER_LABELS = {
  browse: 'Browse',
  /** Under the spec's 'Supported formats' line, kept exact (issue 30): documents, read on the server. */
  supportedDocuments: 'Also PDF and scanned pages (PNG, JPG)',
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
  /** Private mode (issue 29): under the drop area. */
  privateIdle: 'Private mode: your file is read on this device and never uploaded.',
  /** Private mode: in place of the notify and help forms (the issue's sentence). */
  privateNoMail: 'Private mode: nothing is sent, so we cannot e-mail you',
  /** Private mode, once the analysis is done: where the report is. */
  privateDone: 'Read on this device: nothing was uploaded.',
  /** Private mode with a report-url of another origin: the report cannot follow there (said in the console, for the partner developer). */
  privateOtherOrigin:
    'report-url is on another origin: a private report is handed only to a page of this origin (the tab keeps it, encrypted, for the next page). The census-private-result event carries it instead.',
  /** Private mode where the browser cannot keep the tab's encrypted copy (no WebCrypto or IndexedDB: not a secure context). */
  privateNoHandOver: 'This browser cannot keep the report encrypted for the next page here (it needs a secure https page).',
  /** Under the contact field when the request failed without a sentence of the server's. */
  contactFailed: 'This could not be sent. Check the address and try again.',
  /** Under the file row after a drop of several files (spec: only the first is used). */
  otherFiles: (name: string, n: number) =>
    `Only the first file, ${name}, was uploaded; ${n === 1 ? 'the other file was' : `the other ${n} files were`} not. Once the report opens, add ${n === 1 ? 'it' : 'them'} there with 'Add a file to this report'.`,
} as const;
