/**
 * Every user-facing text from product-spec.md sections 5 and 8, verbatim.
 * Components and the server import these; tests assert against them.
 */
import { BRAND } from './brand';

export const MESSAGES = {
  caseStudy: {
    firstNameRequired: 'First Name is required',
    lastNameRequired: 'Last Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email',
    workEmail: 'Please provide a work email address.',
    domainNotAllowed: (domain: string) =>
      `The email domain "${domain}" is not allowed. Please provide a work email address.`,
    success: 'Your case study link has been mailed to your inbox.',
    notFound: 'Something went wrong',
    badRequestDefault: 'Please make sure that the provided details are valid',
    forbidden: 'You do not have permission to access this resource.',
    networkError: 'Please make sure that the provided details are valid.',
    submitting: 'Submitting...',
    heading: 'Unlock the case study',
    intro: 'Complete the form below to receive a free copy of the case study directly to your inbox.',
    viewerMissingLink: 'Failed to retrieve the Case Study.',
    viewerError: 'Failed to retrieve the case study',
  },
  webinar: {
    heading: 'Thank you for attending the webinar today',
    placeholder: 'Enter your email address',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email',
    correctEmail: 'Please enter correct email address',
    failure: `Unable to subscribe to ${BRAND.name}. Please reload and try again.`,
    success: `Thank you for subscribing! Watch your inbox for exclusive offers from ${BRAND.name}.`,
  },
  census: {
    dropPrompt: 'Drag & drop files or Browse',
    dropActive: 'Drop your files here',
    supported: 'Supported formats: CSV, XLS, XLSX size less than 5MB',
    uploading: 'Uploading your file...',
    processing: 'Processing your file...',
    tooLarge: 'File size should not exceed 5 MB',
    noFile: 'No file selected',
    uploadFailed: 'Failed to submit file',
    statusError: 'There was an error in processing your file',
    trackerError: 'There was an error while processing your census file.',
    detailLoadFailed: 'Failed to get case details!',
    somethingWentWrong: 'Something went wrong!',
    exportFailed: 'Failed to export!',
    noData: 'No data available',
    /** Ours (issue 28): a census table with a header and nothing under it, said by the status and the cards. */
    noRows: 'No rows under the header: the file names its columns but lists no one.',
    // The upload screen's other texts (product-spec 'Census upload screen'), verbatim.
    notifyHeading: "Don't want to wait and watch while your file is getting processed?",
    notifyIntro: "Enter your email, and we'll send your census file as soon as it's ready.",
    notifyPlaceholder: 'Enter your work email',
    notifiedAt: 'You will be notified at',
    helpHeading: 'Need help processing your file?',
    helpIntro: 'Share your email ID & our team will get back to you',
    heavyLiftingHeading: 'Want us to do the heavy lifting?',
    heavyLiftingIntro: "Attach your census file and email us. We'll send you a link once your file is processed.",
    copyEmail: 'COPY EMAIL ID',
    scanQr: 'Scan QR to open email app',
    retry: 'RETRY',
    // The case detail's card titles and controls (product-spec 'Census case detail').
    cards: {
      totalLives: 'Total lives',
      gender: 'Male to Female',
      age: 'Age band',
      salary: "Salary band ($'000)",
      tenure: 'Tenure',
      distribution: 'Distribution',
    },
    export: 'Export',
    // Not in the spec (our wording, docs/decisions.md 'Census widgets').
    allFiles: 'All files',
    howWeRead: 'How we read your file',
    unsupportedType: 'Only CSV, XLS and XLSX files can be uploaded',
    /** The upload screen's refusal, which also takes PDF documents (issue 30). */
    unsupportedTypeWithDocuments: 'Only CSV, XLS, XLSX, PDF, PNG and JPG files can be uploaded',
    passwordRequired: 'This file is password-protected. Enter its password and we will open it.',
    passwordIncorrect: 'That password did not open the file. Please try again.',
    helpSent: 'Thanks! Our team will get back to you at',
    copied: 'Copied',
    deleteReport: 'Delete this report',
    deleteConfirm: 'Delete this report and its files now? This cannot be undone.',
    deleted: 'This report and its files have been deleted.',
    deleteFailed: 'Failed to delete the report.',
  },
  site: {
    notFound: 'Page not found!',
    notFoundHint: '(Please check your URL)',
    routerError: 'Unexpected Application Error!',
  },
  image: {
    noSource: 'No image source provided',
    invalidComponent: 'Invalid image component',
    notAvailable: 'Image not available',
  },
} as const;
