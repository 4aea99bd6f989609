/** Runs a shared yup schema and returns the values, or the first message in the given field order. */
import { validateForm } from '../../shared/validation/schemas';

type Schema = Parameters<typeof validateForm>[0];

export function firstError<T extends Record<string, unknown>>(
  schema: Schema,
  body: Record<string, unknown>,
  order: readonly string[],
): { values: T; field: null; message: null } | { values: null; field: string; message: string } {
  const result = validateForm<T>(schema, body);
  if (!result.errors) return { values: result.values, field: null, message: null };
  const field = order.find((f) => result.errors[f]) ?? Object.keys(result.errors)[0];
  return { values: null, field, message: result.errors[field] };
}
