import { DROP_HEADER, type SimulatorApp } from '../http/app';

/**
 * The simulator as a `fetch`: what the page (training mode) and the API tests call instead of the
 * network. A dropped or timed-out answer rejects the way a browser's fetch does.
 */
export function simulatorFetch(app: SimulatorApp): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    // Aborted before it left: a browser sends nothing.
    if (request.signal.aborted)
      throw request.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    // A client that gives up (its time-out) is told at once, as a browser's fetch rejects; the
    // server goes on with the request (its latency, then the operation).
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(request.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      if (request.signal.aborted) fail();
      else request.signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => undefined);
    const response = await Promise.race([app.fetch(request), aborted]);
    if (response.headers.has(DROP_HEADER)) {
      if (request.signal.aborted)
        throw request.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
}
