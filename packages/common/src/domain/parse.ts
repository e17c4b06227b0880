// Checking JSON that crosses a service boundary (gRPC replies, stored records) against a public schema.
import type { z } from 'zod';

const ISSUES_SHOWN = 5;

/** A value does not fit the public schema it was expected to follow. */
export class DomainValidationError extends Error {
  constructor(
    readonly what: string,
    readonly detail: string,
  ) {
    super(`${what} does not fit its schema: ${detail}`);
    this.name = 'DomainValidationError';
  }

  static fromZod(what: string, error: z.ZodError): DomainValidationError {
    const shown = error.issues.slice(0, ISSUES_SHOWN).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
    const more = error.issues.length - shown.length;
    return new DomainValidationError(what, shown.join('; ') + (more > 0 ? `; and ${more} more` : ''));
  }
}

/**
 * The value itself, typed, once it fits `schema`; throws DomainValidationError otherwise.
 * It returns the value as received rather than zod's copy (zod rebuilds objects in schema key order),
 * so that the JSON passed on is byte for byte the JSON received. Domain schemas have no defaults or
 * transforms, so the two are otherwise equal.
 */
export function parseAs<S extends z.ZodType>(schema: S, what: string, value: unknown): z.output<S> {
  const checked = schema.safeParse(value);
  if (!checked.success) throw DomainValidationError.fromZod(what, checked.error);
  return value as z.output<S>;
}
