/** A business failure of the simulated server: the contract's status, code and details. */
export class SimError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'SimError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const fail = {
  invalidRequest: (message: string) => new SimError(400, 'invalid_request', message),
  invalidAmount: (message = 'The amount must be a positive number with no more decimals than the currency has.') =>
    new SimError(400, 'invalid_amount', message),
  unauthorized: () => new SimError(401, 'unauthorized', 'Missing or unknown access token.'),
  merchantNotAllowed: (message: string) => new SimError(403, 'merchant_not_allowed', message),
  notFound: (what = 'Instrument') => new SimError(404, 'not_found', `${what} not found.`),
  conflict: (code: string, message: string, details?: Record<string, unknown>) =>
    new SimError(409, code, message, details),
};
