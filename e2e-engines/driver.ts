/**
 * The one adapter the cashier's steps are written against. Each engine supplies a few primitives
 * (`Primitives`: find an element, click it, type keys, run a function in the page); everything else
 * (waiting, finding again what React replaced, filling a field, choosing an option) is done here
 * once, for every engine.
 */
import { writeFile } from 'node:fs/promises';
import {
  chooseOption,
  find,
  matcher,
  selectAll,
  shownText,
  stable,
  whereInPage,
  type Kind,
  type Name,
  type Where,
} from './in-page';

export type { Kind, Name, Where } from './in-page';

export type EngineName = 'firefox' | 'webkit' | 'chromium';

/** One terminal in one browser, with storage of its own. */
export interface Driver {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** The page's own size (innerWidth x innerHeight), not the window's. */
  setViewport(width: number, height: number): Promise<void>;
  /** `fn` runs in the page (it may be async); `args` must survive JSON. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A field found by its label, emptied and typed into with the keyboard. */
  fillByLabel(label: Name, value: string): Promise<void>;
  /** A select found by its label, set to the option whose text matches. */
  chooseByLabel(label: Name, option: Name): Promise<void>;
  click(kind: Kind, name: Name, where?: Where): Promise<void>;
  /** Waits for a visible match; returns what it shows (a field's value, else its text). */
  see(kind: Kind, name: Name, where?: Where): Promise<string>;
  /** Whether a visible match is there now (no waiting). */
  isShown(kind: Kind, name: Name, where?: Where): Promise<boolean>;
  /** Waits until nothing visible matches. */
  notSee(kind: Kind, name: Name, where?: Where): Promise<void>;
  /** Keys typed into whatever has focus (a barcode scanner is a keyboard), then Enter if asked. */
  typeKeys(text: string, enter?: boolean): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

/** A browser started once per run; each scenario gets a new terminal in it with empty storage. */
export interface Engine {
  readonly name: EngineName;
  readonly version: string;
  newTerminal(viewport: { width: number; height: number }): Promise<Driver>;
  close(): Promise<void>;
}

/** What an engine's driver does natively; H is its element reference. */
export interface Primitives<H> {
  engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  setViewport(width: number, height: number): Promise<void>;
  /** Runs `fn` in the page with these arguments (element references allowed) and returns its (awaited) result. */
  run<R>(fn: (...args: never[]) => R, ...args: unknown[]): Promise<Awaited<R>>;
  /** Runs `fn` in the page; an element it returns comes back as a reference, anything else as null. */
  element(fn: (...args: never[]) => Element | null, ...args: unknown[]): Promise<H | null>;
  click(el: H): Promise<void>;
  /** Native key presses into whatever has focus, one character after another. */
  type(text: string): Promise<void>;
  press(key: 'Enter' | 'Backspace'): Promise<void>;
  /** True when the error says the element left the page between finding and acting (React re-rendered). */
  stale(error: unknown): boolean;
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * A function to send into the page, made safe for the trip: tsx (esbuild with keepNames) wraps
 * the inner functions of what it compiles in `__name(fn, "name")`, a helper the page does not have.
 * The wrapper declares it; the drivers send `toString()` of what they are given.
 */
export function portable<F extends (...args: never[]) => unknown>(fn: F): F {
  // Built here in Node from our own function's text (the page's CSP forbids eval there, and needs none).
  return new Function('...args', `const __name = (f) => f;\nreturn (${fn.toString()})(...args);`) as F;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each finder waits this long for a visible match. */
export const FIND_TIMEOUT_MS = Number(process.env.ENGINES_FIND_TIMEOUT_MS ?? 10_000);

const describe = (kind: Kind, name: Name, where?: Where) =>
  `${kind} ${name instanceof RegExp ? name : JSON.stringify(name)}${where?.within ? ` in ${where.within}` : ''}${
    where?.has !== undefined ? ` with ${where.has instanceof RegExp ? where.has : JSON.stringify(where.has)}` : ''
  }`;

export function makeDriver<H>(p: Primitives<H>): Driver {
  const findIn = portable(find);
  /** Polls in the page until a visible match (or throws after FIND_TIMEOUT_MS). */
  const locate = async (kind: Kind, name: Name, where?: Where, until = Date.now() + FIND_TIMEOUT_MS) => {
    const m = matcher(name);
    const w = whereInPage(where);
    for (;;) {
      const el = await p.element(findIn, kind, m, w).catch((e: unknown) => (p.stale(e) ? null : Promise.reject(e)));
      if (el) return el;
      if (Date.now() > until) throw new Error(`No visible ${describe(kind, name, where)} within ${FIND_TIMEOUT_MS} ms`);
      await sleep(50);
    }
  };
  /** Finds, then acts; finds again when the element went stale in between (a re-render). */
  const act = async <R>(kind: Kind, name: Name, where: Where | undefined, action: (el: H) => Promise<R>) => {
    const until = Date.now() + FIND_TIMEOUT_MS;
    for (;;) {
      const el = await locate(kind, name, where, until);
      try {
        return await action(el);
      } catch (e) {
        if (!p.stale(e) || Date.now() > until) throw e;
      }
    }
  };
  const shown = portable(shownText);
  const settle = portable(stable);
  const choose = portable(chooseOption);
  const select = portable(selectAll);
  const isShown = (kind: Kind, name: Name, where?: Where) =>
    p.element(findIn, kind, matcher(name), whereInPage(where)).then(Boolean, p.stale);

  return {
    engine: p.engine,
    goto: (url) => p.goto(url),
    reload: () => p.reload(),
    setViewport: (width, height) => p.setViewport(width, height),
    evaluate: (fn, ...args) => p.run(portable(fn as (...a: never[]) => unknown), ...args) as never,
    fillByLabel: (label, value) =>
      act('field', label, undefined, async (field) => {
        await p.run(settle, field);
        await p.click(field);
        await p.run(select, field);
        await p.press('Backspace');
        await p.type(value);
      }),
    chooseByLabel: (label, option) =>
      act('field', label, undefined, async (field) => {
        if (!(await p.run(choose, field, matcher(option))))
          throw new Error(`No option ${String(option)} in the select labelled ${String(label)}`);
      }),
    click: (kind, name, where) =>
      act(kind, name, where, async (el) => {
        await p.run(settle, el);
        await p.click(el);
      }),
    see: (kind, name, where) => act(kind, name, where, (el) => p.run(shown, el)),
    isShown,
    async notSee(kind, name, where) {
      const until = Date.now() + FIND_TIMEOUT_MS;
      while (await isShown(kind, name, where)) {
        if (Date.now() > until)
          throw new Error(`Still a visible ${describe(kind, name, where)} after ${FIND_TIMEOUT_MS} ms`);
        await sleep(50);
      }
    },
    async typeKeys(text, enter = false) {
      await p.type(text);
      if (enter) await p.press('Enter');
    },
    screenshot: async (path) => writeFile(path, await p.screenshot()),
    close: () => p.close(),
  };
}
