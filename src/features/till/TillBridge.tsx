import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { PROTOCOL, VERSION, type ResultStatus, type TerminalMessage, type TillRequest } from '@/till-client/protocol';
import { useT } from '@/lib/i18n';
import { useNavigationActions, useScreen } from '@/lib/navigation-store';
import { useActiveSales, useCurrentSale, useOutbox } from '@/outbox/projection';
import { checkOrigin } from '@/lib/settings/server-address';
import { tillOriginAllowed, useTillOrigins, useLocale, useReturnPolicy } from '@/lib/settings/store';
import { returnSettingsFor } from '@/domain/return-flow';
import { useTerminal } from '@/lib/terminal-context';
import type { Sale } from '@/domain/sale';
import { createTillService, type TillService } from './till-service';
import { resultSummary } from './till-result';
import { readTillRequest, urlRequest } from './messages';
import { TillAsk, type TillAskProps } from './TillAsk';

type Notice =
  | { type: 'ignored'; origin: string }
  | { type: 'badCallback'; callback: string }
  | { type: 'returned'; transactionId: string; reference: string; status: ResultStatus };

/** The till this terminal answers: the page that embeds it, or the one that opened it. */
const tillWindow = (): Window | null => (window.parent !== window ? window.parent : (window.opener as Window | null));

/**
 * The till's return address with the terminal's answer in its fragment (`#loyaltyTerminal=…`), never
 * its query: a fragment is not sent to any server, so an answer (a new card's whole number, a slip)
 * stays out of the till's server logs, proxies and Referer headers, as the till's request stays in
 * this page's own fragment.
 */
function withAnswer(callback: string, message: TerminalMessage): string {
  const url = new URL(callback);
  url.hash = new URLSearchParams({ loyaltyTerminal: JSON.stringify(message) }).toString();
  return url.href;
}

/** A return address may go only to an allowed till: same rules as its origin, no fragment. */
function allowedCallback(text: string | null): string | null {
  if (!text || !URL.canParse(text) || text.includes('#')) return null;
  const url = new URL(text);
  const origin = checkOrigin(url.origin);
  return origin.ok && tillOriginAllowed(origin.origin) && (url.protocol === 'https:' || url.protocol === 'http:')
    ? url.href
    : null;
}

/** The results this page sent, by sale and what they said. */
const delivered = new Set<string>();
/** The fragment this page last read a till's URL request from. */
let urlTaken: string | null = null;
/** The same request repeated while its answer is being worked out shares that answer (the till resends until answered). */
const inFlight = new Map<string, Promise<TerminalMessage>>();

/** Messages from allowed tills in, answers and results out; a till's finished sale goes back to it by itself. */
export function useHostChannel(
  service: TillService,
  currency: string,
  setNotice: Dispatch<SetStateAction<Notice | null>>,
  setAsk: (ask: TillAskProps | null) => void,
) {
  const origins = useTillOrigins();

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source === window) return;
      const read = readTillRequest(event.data, currency);
      if (read === null) return; // not this protocol: someone else's message
      if (!tillOriginAllowed(event.origin)) {
        setNotice({ type: 'ignored', origin: event.origin.slice(0, 100) });
        return; // no answer at all to a page that is not an allowed till
      }
      setNotice((n) => (n?.type === 'ignored' ? null : n)); // an allowed till is talking now
      const source = event.source as Window | null;
      const reply = (message: TerminalMessage) => source?.postMessage(message, event.origin);
      if (!read.ok) {
        reply({
          protocol: PROTOCOL,
          version: VERSION,
          type: 'refused',
          inReplyTo: read.refusal.id,
          reference: read.refusal.reference,
          reason: read.refusal.reason,
          message: read.refusal.message,
        });
        return;
      }
      // The whole request, not its id alone: the same id with another amount (or reference) is not
      // answered from the first (it is refused by the service as a conflict, or taken as its own).
      const key = `${event.origin} ${JSON.stringify(read.request)}`;
      let answer = inFlight.get(key);
      if (!answer) {
        answer = service
          .handle(read.request, { origin: event.origin, transport: 'message' })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, answer);
      }
      void answer.then(reply, () => undefined);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [service, currency, setNotice]);

  // The till may have sent before this page was listening: it learns it can send now.
  useEffect(() => {
    const target = tillWindow();
    for (const origin of origins)
      target?.postMessage({ protocol: PROTOCOL, version: VERSION, type: 'ready' } satisfies TerminalMessage, origin);
  }, [origins]);

  // A link's question waits for the cashier (and for a sign-on): their yes is carried out by the
  // service of that moment (its cashier, its limits, its refund way), not the one the link came to.
  const latest = useRef(service);
  useEffect(() => {
    latest.current = service;
  });

  useEffect(() => {
    // Read as the page starts, and again when a till sends another request to this page already open
    // (only the fragment changes: the browser does not load the page again).
    const take = () => {
      // Once per fragment a page load or a till brought: not again when the service is rebuilt (a
      // setting changed) while the same fragment is still in the address bar.
      if (window.location.hash === urlTaken) return;
      urlTaken = window.location.hash;
      const request = urlRequest(window.location.hash);
      if (!request) return;
      const callback = allowedCallback(request.callback);
      if (!callback) {
        setNotice({ type: 'badCallback', callback: (request.callback ?? '').slice(0, 200) });
        return;
      }
      const read = readTillRequest(request.data, currency);
      const go = (message: TerminalMessage) => window.location.assign(withAnswer(callback, message));
      if (!read) return;
      const origin = new URL(callback).origin;
      const handle = (request: TillRequest, managerApproved?: number) =>
        void latest.current.handle(request, { origin, transport: 'url', callback, managerApproved }).then(
          (answer) => {
            // A pay in progress stays here; its result goes to the callback when the sale is finished.
            if (answer.type === 'accepted')
              window.history.replaceState(null, '', window.location.pathname + window.location.search);
            else go(answer);
          },
          () => undefined,
        );
      if (!read.ok)
        return go({
          protocol: PROTOCOL,
          version: VERSION,
          type: 'refused',
          inReplyTo: read.refusal.id,
          reference: read.refusal.reference,
          reason: read.refusal.reason,
          message: read.refusal.message,
        });
      const asked = read.request;
      if (asked.type !== 'cancel' && asked.type !== 'reverse' && asked.type !== 'refund') return handle(asked);
      // Anyone can put a link in front of this browser and name an allowed till's page as its return
      // address: what gives money back or cancels a sale waits for the cashier here.
      // Its own place on screen: another notice meanwhile (a page not allowed, a sale sent back) does not replace it.
      // Above the manager's amount the PIN is asked for this request itself (ManagerGate `everyTime`).
      const askCashier = (giveBack: { amount: number; together: number; needsManager: boolean } | null) =>
        setAsk({
          request: asked,
          origin,
          amount: giveBack?.amount ?? null,
          needsManager: giveBack?.needsManager ?? false,
          confirm: () => {
            setAsk(null);
            // A till taken off the allowed list while its question waited is answered nothing.
            if (!allowedCallback(request.callback))
              return setNotice({ type: 'badCallback', callback: callback.slice(0, 200) });
            // The manager's PIN approves the total the question showed, nothing beyond it.
            handle(asked, giveBack?.needsManager ? giveBack.together : undefined);
          },
          decline: () => {
            setAsk(null);
            go({
              protocol: PROTOCOL,
              version: VERSION,
              type: 'refused',
              inReplyTo: asked.id,
              reference: asked.reference,
              reason: asked.type === 'cancel' ? 'not_cancelable' : 'not_reversible',
              message: 'Declined by the cashier at the terminal.',
            });
          },
        });
      // Sent again (the same id): answered from the return it started, with nothing to say yes to.
      const ask = async () => {
        if (await service.askedBefore(asked, { origin })) return handle(asked);
        askCashier(await service.toGiveBack(asked, { origin }));
      };
      void ask().catch(() => askCashier(null));
    };
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, [service, currency, setNotice, setAsk]);
}

/**
 * Sends each finished till sale of this window back to its till, once (the mark is kept with the
 * sale: a reload, or the next URL request in this window, never sends an old result again), then
 * returns to waiting. A sale answered while an answer of its own was still to come (a commit sent
 * again, a payment whose outcome is unknown) stays active until it comes; when it leaves the list it
 * is read once more, and if that answer changed what the till was told, the till is told again.
 */
function useReturnToTill(service: TillService, setNotice: (n: Notice) => void) {
  const { tab, reads } = useOutbox();
  const sales = useActiveSales();
  /** This window's till sales whose first result went, while they are active. */
  const answeredStillActive = useRef(new Set<string>());
  useEffect(() => {
    const send = (sale: Sale) => {
      const message = service.resultFor(sale);
      if (!sale.till || message?.type !== 'result') return;
      // Between the send and the mark being written, this page does not send it again: the first
      // result once per sale, whatever the sale does meanwhile; a change once per what it says.
      const key = message.changed ? `${sale.transactionId} ${resultSummary(message.result)}` : sale.transactionId;
      if (delivered.has(key)) return;
      delivered.add(key);
      const till = sale.till;
      if (!message.changed) {
        // Watched from its first result on: an answer of its own may still come and change it.
        answeredStillActive.current.add(sale.transactionId);
        setNotice({
          type: 'returned',
          transactionId: sale.transactionId,
          reference: till.reference,
          status: message.result.status,
        });
      }
      if (till.transport === 'url' && till.callback) {
        const callback = till.callback;
        void service
          .returned(sale, message.result)
          .finally(() => window.location.assign(withAnswer(callback, message)));
      } else {
        tillWindow()?.postMessage(message, till.origin);
        void service.returned(sale, message.result);
      }
    };
    const watched = answeredStillActive.current;
    const active = new Set<string>();
    for (const sale of sales) {
      if (!sale.till || sale.owner !== tab) continue;
      active.add(sale.transactionId);
      if (sale.till.answered) watched.add(sale.transactionId);
      else send(sale); // a change is sent once the sale leaves the list (below)
    }
    for (const id of watched) {
      if (active.has(id)) continue;
      watched.delete(id);
      void reads.getSale(id).then((sale) => sale?.owner === tab && send(sale));
    }
  }, [sales, service, tab, reads, setNotice]);
}

/** The till integration, mounted once inside the outbox: invisible but for its notices. */
export function TillBridge() {
  const t = useT();
  const { perform, reads, tab } = useOutbox();
  const { currency, mode, series, operatorName } = useTerminal();
  const returnPolicy = useReturnPolicy();
  const locale = useLocale();
  const { screenChosen } = useNavigationActions();
  const current = useCurrentSale();
  const [notice, setNotice] = useState<Notice | null>(null);
  // Each question its own: a new link's question never inherits the last one's PIN (the gate's state).
  const [ask, setAskShown] = useState<{ props: TillAskProps; seq: number } | null>(null);
  const setAsk = useCallback(
    (props: TillAskProps | null) => setAskShown((last) => props && { props, seq: (last?.seq ?? 0) + 1 }),
    [],
  );
  const service = useMemo(
    () =>
      createTillService({
        perform,
        reads,
        tab,
        training: mode === 'training',
        locale,
        onSaleHere: () => screenChosen('sale'),
        returnSettings: () => returnSettingsFor(series, returnPolicy.way, currency),
        managerAbove: () => returnPolicy.pinAbove,
      }),
    [perform, reads, tab, mode, locale, screenChosen, series, returnPolicy, currency],
  );
  useHostChannel(service, currency, setNotice, setAsk);
  const signedOn = operatorName !== undefined;
  const screen = useScreen();
  const signOnShown = screen !== 'settings' && screen !== 'journal' && screen !== 'training';
  useReturnToTill(service, setNotice);
  // The next sale has begun: the last one's notice is done (set while rendering, React's pattern for derived resets).
  const superseded = Boolean(current) && notice?.type === 'returned' && current?.transactionId !== notice.transactionId;
  if (superseded) setNotice(null);

  const shown = !notice || superseded || (notice.type === 'returned' && current) ? null : notice;
  return (
    <>
      {/* Money goes back, or a sale ends, on a signed-on cashier's yes: at a terminal nobody is
          signed on to, a link's question waits for the sign-on (the sale screens ask for it). */}
      {ask &&
        (signedOn ? (
          <TillAsk key={ask.seq} {...ask.props} />
        ) : (
          <p className="notice notice-warn" role="status">
            {t('till.signOnToAnswer')}
            {/* The sign-on is the sale screens' first step; from Settings, the journal or training, one tap to it. */}
            {!signOnShown && (
              <>
                {' '}
                <button type="button" className="button" onClick={() => screenChosen('sale')}>
                  {t('cashier.signOn')}
                </button>
              </>
            )}
          </p>
        ))}
      {shown?.type === 'returned' && (
        <p className="notice notice-ok till-returned" role="status">
          {t('till.returned', { reference: shown.reference, status: t(`till.status.${shown.status}`) })}
        </p>
      )}
      {(shown?.type === 'ignored' || shown?.type === 'badCallback') && (
        <p className="notice notice-error" role="alert">
          {shown.type === 'ignored'
            ? t('till.ignored', { origin: shown.origin })
            : t('till.badCallback', { callback: shown.callback })}
        </p>
      )}
    </>
  );
}
