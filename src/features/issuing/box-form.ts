import * as v from 'valibot';
import { cardRange, type RangeProblem } from '@/domain/card-box';
import { detectKind, parseInstrumentNumber, seriesOfNumber, type SeriesConfig } from '@/domain/instrument';
import { amountSchema, fieldCheck } from '@/lib/amount-schema';

const cardNumber = v.pipe(
  v.string(),
  v.transform((raw) => {
    const parsed = parseInstrumentNumber(raw);
    return parsed.ok ? parsed.number : '';
  }),
);

/** The range of a box as keyed or scanned: first and last number, or first and a count. */
function rangeOf(values: { first: string; last: string; count: string }) {
  if (values.last) return cardRange(values.first, { last: values.last });
  if (!/^\d+$/.test(values.count.trim())) return { ok: false as const, problem: 'count' as RangeProblem };
  return cardRange(values.first, { count: Number(values.count) });
}

/**
 * Why the range is not one gift card series' as this terminal knows its series: the first card of
 * another kind, or the last of another series (loaded at the first one's amount, or read as misses
 * that pause lookups). A number of no series known here is left to the server, as before.
 */
function seriesProblem(numbers: string[], series: readonly SeriesConfig[]): 'notGiftCard' | 'otherSeries' | null {
  const [first, last] = [numbers[0], numbers.at(-1)];
  if (!first || !last) return null;
  const kind = detectKind(first, series);
  if (kind !== null && kind !== 'giftCard') return 'notGiftCard';
  const [from, to] = [seriesOfNumber(first, 'giftCard', series), seriesOfNumber(last, 'giftCard', series)];
  if (from && detectKind(last, series) !== null && to?.seriesNumber !== from.seriesNumber) return 'otherSeries';
  return null;
}

/** A box's form: the range (first and last, or first and how many) and the amount unless the series fixes it. */
export function boxFormSchema(
  currency: string,
  locale: string,
  amountRequired: boolean,
  series: readonly SeriesConfig[] = [],
) {
  return v.pipe(
    v.object({
      first: cardNumber,
      last: cardNumber,
      count: v.string(),
      amount: amountRequired
        ? amountSchema(currency, locale)
        : v.pipe(
            v.string(),
            v.transform(() => undefined),
          ),
    }),
    fieldCheck('first', (values) => (values.first ? null : 'first')),
    fieldCheck('last', (values) => {
      if (!values.first) return null;
      const range = rangeOf(values);
      return range.ok ? seriesProblem(range.numbers, series) : range.problem;
    }),
  );
}

export type BoxFormInput = v.InferInput<ReturnType<typeof boxFormSchema>>;

/** The numbers of a valid form (the schema has checked the range). */
export function boxNumbers(values: { first: string; last: string; count: string }): string[] {
  const range = rangeOf(values);
  return range.ok ? range.numbers : [];
}
