/**
 * What the trainer's "make the next … fail" means on the wire: which requests of the simulator's
 * fault setting (loyalty-api.md section 7, with this terminal's `method` extension) a kind of
 * operation is, and how many requests make that many of them fail where the cashier sees it.
 */
export const faultTargets = ['any', 'lookup', 'payment', 'commit', 'cancel', 'void', 'issue'] as const;
export type FaultTarget = (typeof faultTargets)[number];

export const trainingFaults = ['error500', 'drop', 'timeout', 'unavailable'] as const;
export type TrainingFault = (typeof trainingFaults)[number];

const filters: Record<FaultTarget, { path?: string; method?: 'GET' | 'POST' }> = {
  any: {},
  lookup: { method: 'GET' },
  payment: { method: 'POST', path: '/_pay' },
  commit: { method: 'POST', path: '/_commit' },
  cancel: { method: 'POST', path: '/_cancel' },
  void: { method: 'POST', path: '/_voidPayment' },
  // `/_issue` is also the live-printed series' path; `/_unissue` does not contain it.
  issue: { method: 'POST', path: '/_issue' },
};

/**
 * A lookup that fails for a moment is retried once, quietly (src/app/query-client.ts): each lookup
 * the trainer wants to fail is two requests. Operations are not retried by a new request of their
 * own until the sender's replay, which is the rehearsal: the count is of requests.
 */
const ATTEMPTS_PER_LOOKUP = 2;

export function faultSetting(target: FaultTarget, kind: TrainingFault, times: number, latencyMs: number) {
  const count = target === 'lookup' ? times * ATTEMPTS_PER_LOOKUP : times;
  return { latencyMs, next: { count, kind, ...filters[target] } };
}
