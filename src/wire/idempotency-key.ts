import * as v from 'valibot';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * loyalty-api.md section 6: any string of 1 to 255 characters, not blank (clients send UUIDs). The
 * simulator refuses any other key with it; the OpenAPI document's header parameter is generated from it.
 */
export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.minLength(1, `${IDEMPOTENCY_KEY_HEADER} must not be blank.`),
  v.maxLength(255, `${IDEMPOTENCY_KEY_HEADER} must be at most 255 characters.`),
  v.regex(/\S/, `${IDEMPOTENCY_KEY_HEADER} must not be blank.`),
);
