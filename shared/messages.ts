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
