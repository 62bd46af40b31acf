/**
 * Where this worker's terminal is served, for the steps that open a page on it (`openTerminal`,
 * `openLiveTerminal`), set by the kit's fixtures: the `terminalURL` option (`chosen`), and the
 * kit's own server for the terminal it ships (`shipped`).
 */
const served: { chosen?: string | undefined; shipped?: string | undefined } = {};

export function terminalServedAt(where: { chosen?: string | undefined; shipped?: string | undefined }): void {
  served.chosen = where.chosen;
  served.shipped = where.shipped;
}

/**
 * The address a step opens: `at` if given (a path is taken from the config's `baseURL`, as
 * `page.goto` takes it), else the `terminalURL` option, else '/' of the config's `baseURL` (an
 * integrator's own deployment).
 */
export const terminalAddress = (at: string | undefined): string => at ?? served.chosen ?? '/';

/** With no `baseURL` in the config ('/' is no address): the terminal the kit ships, where its test serves it. */
export const shippedTerminal = (): string | undefined => served.shipped;
