/**
 * Where this worker's terminal is served: the `terminalURL` option, or the kit's own server for the
 * terminal it ships. The kit's fixtures set it; the steps that open a page on the terminal
 * (`openTerminal`, `openLiveTerminal`) go there unless told another address.
 */
let served: string | undefined;

export function terminalServedAt(url: string | undefined): void {
  served = url;
}

/**
 * The address a step opens: `at` if given (a path is taken from the config's `baseURL`, as
 * `page.goto` takes it), else the worker's terminal, else '/' (the config's `baseURL`).
 */
export const terminalAddress = (at: string | undefined): string => at ?? served ?? '/';
