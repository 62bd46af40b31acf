import * as v from 'valibot';
import { parsePrinterAddress, type AddressProblem } from '@/lib/printing/epos';

/** Each refusal of parsePrinterAddress as the key of its words (validation.<message>). */
const PROBLEM_MESSAGE: Record<AddressProblem, string> = {
  notUrl: 'printerNotUrl',
  scheme: 'printerScheme',
  credentials: 'printerCredentials',
  path: 'printerPath',
};

/** This machine: a browser lets a secure page reach it over plain http (the e2e's fake printer lives there). */
const loopback = (origin: string) =>
  /^http:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d+)?$/i.test(origin);

export const TIMEOUT_RANGE = { min: 1, max: 60 } as const;

/**
 * The network printer's address and how long it has to print a slip. A terminal served over
 * https cannot reach a plain http printer on the network (the browser blocks mixed content before
 * the request leaves), so such an address is refused in words rather than failing at every slip.
 */
export const networkPrinterSchema = (secureTerminal: boolean) =>
  v.object({
    address: v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const parsed = parsePrinterAddress(dataset.value);
        if (!parsed.ok) {
          addIssue({ message: PROBLEM_MESSAGE[parsed.problem] });
          return NEVER;
        }
        if (secureTerminal && parsed.origin.startsWith('http:') && !loopback(parsed.origin)) {
          addIssue({ message: 'printerMixed' });
          return NEVER;
        }
        return parsed.origin;
      }),
    ),
    timeoutSeconds: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,3}$/, 'wholeRange'),
      v.transform(Number),
      v.minValue(TIMEOUT_RANGE.min, 'wholeRange'),
      v.maxValue(TIMEOUT_RANGE.max, 'wholeRange'),
    ),
  });

export type NetworkPrinterInput = v.InferInput<ReturnType<typeof networkPrinterSchema>>;
export type NetworkPrinterValues = v.InferOutput<ReturnType<typeof networkPrinterSchema>>;
