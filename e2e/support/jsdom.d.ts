/** The part of jsdom (a devDependency, Vitest's DOM) that e2e/support/epos-xml.ts uses: its XML parser. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: { DOMParser: typeof DOMParser };
  }
}
