import { DROP_HEADER, type SimulatorApp } from '../http/app';

/**
 * The simulator as a `fetch`: what the page (training mode) and the API tests call instead of the
 * network. A dropped or timed-out answer rejects the way a browser's fetch does.
 */
export function simulatorFetch(app: SimulatorApp): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await app.fetch(request);
    if (response.headers.has(DROP_HEADER)) {
      if (request.signal.aborted)
        throw request.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
}
