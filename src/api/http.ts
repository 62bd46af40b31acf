import * as v from 'valibot';
import { majorToMinor } from '@/domain/money';
import { untrustedText } from '@/domain/answer-check';
import { MalformedAmount, issuesText } from './contract';
import { isServerErrorCode, LoyaltyApiError, type ApiErrorCode } from './errors';
import { errorBodyWire } from '@/wire/answers';

export interface HttpConfig {
  baseUrl: string;
  loyaltyGroup: string;
  token: string;
  /** Per request; the contract's unknown outcomes start here. */
  timeoutMs: number;
  /** The loyalty group's currency: amounts in error details are converted to minor units with it. */
  currency?: string | undefined;
  fetch?: typeof fetch;
}

export interface RequestInit<T> {
  method: 'GET' | 'POST';
  /** After the loyalty group prefix, parameters already encoded (see `path`). */
  path: string;
  body?: unknown;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  schema: v.GenericSchema<unknown, T>;
  /** Told what the answer's headers said of it: whether it replays an earlier attempt's answer. */
  answer?: { replayed: boolean } | undefined;
}

/** Builds a path with every parameter percent-encoded: path`/giftcards/${number}`. */
export function path(strings: TemplateStringsArray, ...params: string[]): string {
  return strings.reduce((out, s, i) => out + s + (i < params.length ? encodeURIComponent(params[i] ?? '') : ''), '');
}

function apiBase(config: Pick<HttpConfig, 'baseUrl' | 'loyaltyGroup'>): string {
  return `${config.baseUrl.replace(/\/+$/, '')}/loyalty/api/v1/pos/loyaltyGroups/${encodeURIComponent(config.loyaltyGroup)}`;
}

function statusFallback(status: number): ApiErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 500) return 'internal';
  if (status >= 500) return 'unavailable';
  return 'malformed_response';
}

/**
 * The one place a request leaves the terminal: auth header, JSON, Idempotency-Key, time-out, and
 * every failure turned into a LoyaltyApiError. The answer is parsed with the schema that defines
 * its type, then mapped (in the caller) to minor units.
 */
export async function request<T, R>(config: HttpConfig, init: RequestInit<T>, map: (wire: T) => R): Promise<R> {
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const { method } = init;
  const headers: Record<string, string> = { Authorization: `Bearer ${config.token}`, Accept: 'application/json' };
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  }
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), config.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
  const fail = (
    code: ApiErrorCode,
    message: string,
    extra: { status?: number; details?: Record<string, unknown>; retryAfterSeconds?: number; available?: number } = {},
  ) => new LoyaltyApiError({ code, message, method, ...extra });

  let response: Response;
  let text: string;
  try {
    response = await doFetch(apiBase(config) + init.path, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (timeout.signal.aborted) throw fail('timeout', `No answer within ${config.timeoutMs / 1000} s.`);
    if (init.signal?.aborted) throw fail('aborted', 'Request canceled.');
    throw fail('network', error instanceof Error ? error.message : 'Network failure.');
  } finally {
    clearTimeout(timer);
  }

  let json: unknown;
  let parsedJson = true;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsedJson = false;
  }
  const { status } = response;

  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    const retryAfterSeconds =
      Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has('Retry-After') ? retryAfter : undefined;
    const body = parsedJson ? v.safeParse(errorBodyWire, json) : undefined;
    if (body?.success) {
      const { code, message, ...details } = body.output.error;
      const available =
        typeof details.available === 'number' && config.currency
          ? majorToMinor(details.available, config.currency)
          : null;
      throw fail(
        isServerErrorCode(code) ? code : statusFallback(status),
        message === undefined ? `HTTP ${status}` : untrustedText(message),
        {
          status,
          ...(available !== null && { available }),
          details: isServerErrorCode(code) ? details : { ...details, serverCode: code },
          ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
        },
      );
    }
    throw fail(statusFallback(status), `HTTP ${status} without the contract's error body.`, {
      status,
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    });
  }

  if (init.answer) init.answer.replayed = response.headers.get('Idempotency-Replayed') === 'true';
  const parsed = parsedJson ? v.safeParse(init.schema, json) : undefined;
  if (!parsed?.success) {
    const why = parsed ? issuesText(parsed.issues) : 'not JSON';
    throw fail('malformed_response', `The server's answer is not the contract's shape (${why}).`, { status });
  }
  try {
    return map(parsed.output);
  } catch (error) {
    if (error instanceof MalformedAmount) throw fail('malformed_response', error.message, { status });
    throw error;
  }
}
