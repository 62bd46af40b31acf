/**
 * A series issue asked for from elsewhere (a trainer's scenario: "live-printed gift card, GC3"),
 * read by the issue screen as it opens, then cleared. Not in the navigation store: only the
 * training and issue screens, both loaded when opened, need it.
 */
export interface SeriesIssueRequest {
  kind: 'giftCard' | 'storeCredit';
  series: string;
}

let requested: SeriesIssueRequest | null = null;

export const requestSeriesIssue = (request: SeriesIssueRequest): void => {
  requested = request;
};
/** What was asked, left in place (a render may run twice); `clearSeriesIssue` once the screen took it. */
export const askedSeriesIssue = (): SeriesIssueRequest | null => requested;
export const clearSeriesIssue = (): void => {
  requested = null;
};
