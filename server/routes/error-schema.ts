/**
 * The error answer every route documents, written once for the OpenAPI document: JSON `{message}`
 * (http/errors.ts), and `errors(400, 404, ...)` for a response table of such answers.
 */
export const message = {
  type: 'object',
  properties: { message: { type: 'string', description: 'A sentence a person can act on.' } },
  required: ['message'],
} as const;

export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, { description: 'Error', ...message }]));
