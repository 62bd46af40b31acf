import * as v from 'valibot';

export const faultKinds = ['error500', 'drop', 'timeout', 'unavailable', 'rateLimited'] as const;
export type FaultKind = (typeof faultKinds)[number];

const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

/** Unknown fields are ignored, as everywhere in the contract; null means "none". */
export const faultSettingSchema = v.pipe(
  v.object({
    latencyMs: v.nullish(whole(0, 60_000)),
    next: v.nullish(
      v.object({
        count: whole(1),
        kind: v.picklist(faultKinds),
        path: v.nullish(v.pipe(v.string(), v.minLength(1))),
        // This terminal's extension of loyalty-api.md section 7 (docs/decisions.md): only requests of this method.
        method: v.nullish(v.picklist(['GET', 'POST'])),
      }),
    ),
  }),
  v.transform(({ latencyMs, next }): FaultSetting => ({
    ...(latencyMs != null && { latencyMs }),
    ...(next != null && {
      next: {
        count: next.count,
        kind: next.kind,
        ...(next.path != null && { path: next.path }),
        ...(next.method != null && { method: next.method }),
      },
    }),
  })),
);

export interface FaultSetting {
  latencyMs?: number;
  next?: { count: number; kind: FaultKind; path?: string; method?: 'GET' | 'POST' };
}

/** The simulator's fault injection (loyalty-api.md section 7): latency for every API request, and the next N failures. */
export function createFaults() {
  let setting: FaultSetting = {};
  return {
    get setting() {
      return setting;
    },
    replace(next: FaultSetting) {
      setting = structuredClone(next);
    },
    clear() {
      setting = {};
    },
    /** The fault for this API request, if any; counts it down. */
    take(path: string, method: string): FaultKind | undefined {
      const next = setting.next;
      if (
        !next ||
        (next.path !== undefined && !path.includes(next.path)) ||
        (next.method !== undefined && next.method !== method)
      )
        return undefined;
      next.count -= 1;
      if (next.count <= 0) delete setting.next;
      return next.kind;
    },
  };
}
