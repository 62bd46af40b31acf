import * as v from 'valibot';
import { maskNumber } from '@/domain/instrument';
import type { OperationType } from '@/domain/operation';
import type { ZReport } from './db';
import type { OperationRecord } from './types';

/**
 * A backup a manager takes off the device: the journal with masked card numbers only (as the
 * journal screen shows them), and the operations still waiting to reach the server, whose full
 * requests (card numbers and auth codes, needed to send them) are sealed with a passphrase the
 * manager chooses (AES-GCM, key from PBKDF2-SHA-256). The seal also authenticates the clear part
 * (the journal and the closed days, as AES-GCM's additional data): a figure changed in the file
 * fails as a wrong passphrase does, so nobody changes a day's totals on the way. No token, no
 * customer data. Imported on a new or reset tablet, the waiting operations keep their ids, so they
 * are sent with the same Idempotency-Keys: once on the server, however often the file is imported.
 */
export const BACKUP_FORMAT = 'loyalty-terminal-backup';
/**
 * PBKDF2-SHA-256 iterations for a new file (OWASP's figure for it); a file says how many it was
 * sealed with, and one that does not was sealed with the 210,000 of the first files.
 */
const ITERATIONS = 600_000;
const FIRST_FILES_ITERATIONS = 210_000;

/** What a seal of this version authenticates besides what it hides. */
const BINDS = 'exportedAt,journal,zReports' as const;

/** Still to be sent: these go into the backup whole, sealed. */
const waitingStatuses = new Set<OperationRecord['status']>(['pending', 'unknown']);

const numberKeys = new Set([
  'number',
  'instrumentId',
  'giftCardId',
  'storeCreditId',
  'loyaltyCardId',
  'answeredNumber',
]);
const textKeys = new Set(['message', 'detail', 'note']);
/** A text with every card number in it (a run of 8 or more digits) masked: a note or a server's message. */
const maskNumbersIn = (text: string): string => text.replace(/\d{8,}/g, maskNumber);

/** A copy with every card number masked and no customer data, however deep. */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'customer')
      .map(([key, v]) => [
        key,
        typeof v !== 'string'
          ? masked(v)
          : numberKeys.has(key)
            ? maskNumber(v)
            : // A note or a server's message may name a card whole.
              textKeys.has(key)
              ? maskNumbersIn(v)
              : v,
      ]),
  );
}

const operationTypes: [OperationType, ...OperationType[]] = [
  'giftCard.pay',
  'storeCredit.pay',
  'loyaltyCard.pay',
  'giftCard.commit',
  'giftCard.cancel',
  'storeCredit.commit',
  'storeCredit.cancel',
  'loyaltyCard.voidPayment',
  'giftCard.issue',
  'giftCard.issueInSeries',
  'storeCredit.issueInSeries',
  'loyaltyCard.issue',
  'giftCard.unissue',
  'storeCredit.unissue',
  'loyaltyCard.unissue',
];

const uuid = v.pipe(v.string(), v.uuid());
const cardNumber = v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{4,32}$/));
const minor = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** A record as the file carries it: checked, since a file is a boundary like any other. */
const recordShape = {
  id: uuid,
  scope: v.pipe(v.string(), v.maxLength(400)),
  training: v.boolean(),
  transactionId: uuid,
  reason: v.pipe(v.string(), v.maxLength(200)),
  operatorId: v.optional(v.pipe(v.string(), v.maxLength(80))),
  operatorName: v.optional(v.pipe(v.string(), v.maxLength(80))),
  workstation: v.optional(
    v.object({
      storeId: v.optional(v.pipe(v.number(), v.safeInteger())),
      workstationId: v.optional(v.pipe(v.number(), v.safeInteger())),
    }),
  ),
  loaded: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  availableBefore: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  sentWith: v.optional(v.pipe(v.string(), v.maxLength(16))),
  status: v.picklist(['pending', 'succeeded', 'refused', 'unknown', 'attention']),
  attempts: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  inFlight: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
  result: v.optional(v.unknown()),
  // Masked in the journal's part (•••• 0001); whole in a waiting record's, which is sealed.
  answeredNumber: v.optional(v.pipe(v.string(), v.maxLength(80))),
  error: v.optional(v.unknown()),
  notes: v.optional(v.array(v.looseObject({ code: v.string() }))),
  note: v.optional(v.pipe(v.string(), v.maxLength(2000))),
};

const journalRecord = v.looseObject({
  ...recordShape,
  request: v.looseObject({ type: v.picklist(operationTypes) }),
});

/** A waiting record must be sendable: its request whole, numbers and amounts as the API takes them. */
const waitingRecord = v.looseObject({
  ...recordShape,
  status: v.picklist(['pending', 'unknown']),
  request: v.union([
    v.looseObject({
      type: v.picklist(operationTypes),
      number: v.optional(cardNumber),
      series: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
      amount: v.optional(minor),
      authCode: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
      unknownUpTo: v.optional(minor),
    }),
    // A loyalty void of payments whose outcome was lost only: nothing known paid, up to what they asked.
    v.looseObject({
      type: v.literal('loyaltyCard.voidPayment'),
      number: cardNumber,
      amount: v.literal(0),
      unknownUpTo: minor,
    }),
  ]),
});

const sealedShape = v.object({
  salt: v.string(),
  iv: v.string(),
  data: v.string(),
  /** Absent in the first files (210,000). Bounded: a file cannot make the tablet derive for minutes. */
  iterations: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(100_000), v.maxValue(5_000_000))),
  /** The seal authenticates the clear part too (clearPart). Absent in files made before it did. */
  binds: v.optional(v.literal(BINDS)),
});

/** A closed day, as it was closed (its report holds counts, sums and masked numbers only). */
const zReportShape = v.object({
  scope: v.pipe(v.string(), v.maxLength(400)),
  number: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  from: v.string(),
  closedAt: v.pipe(v.string(), v.isoTimestamp()),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  report: v.unknown(),
  carried: v.array(
    v.object({ id: v.string(), type: v.string(), maskedNumber: v.string(), status: v.string(), createdAt: v.string() }),
  ),
});

const fileShape = v.object({
  format: v.literal(BACKUP_FORMAT),
  version: v.literal(1),
  exportedAt: v.pipe(v.string(), v.isoTimestamp()),
  journal: v.array(journalRecord),
  waiting: v.nullable(sealedShape),
  /** The Z reports (absent in files made before they existed: then which days counted what is not known). */
  zReports: v.optional(v.array(zReportShape)),
});

export type BackupFile = v.InferOutput<typeof fileShape>;

const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function keyFrom(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt, iterations, hash: 'SHA-256' },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * The clear part's bytes as the seal authenticates them: the file's own values, as JSON writes them
 * (a file read back with JSON.parse gives the same bytes; a changed value, key or record does not).
 */
const clearPart = (file: { exportedAt: unknown; journal: unknown; zReports?: unknown }) =>
  new TextEncoder().encode(JSON.stringify([file.exportedAt, file.journal, file.zReports ?? null]));

/**
 * The backup of these records: the journal masked, what waits sealed with the passphrase, and the
 * seal over the clear part too (always made, with nothing waiting as well).
 */
export async function makeBackup(
  records: OperationRecord[],
  passphrase: string,
  now = new Date(),
  zReports: ZReport[] = [],
): Promise<BackupFile> {
  const waiting = records.filter((r) => waitingStatuses.has(r.status));
  const clear = {
    exportedAt: now.toISOString(),
    journal: records.map((r) => masked(r) as BackupFile['journal'][number]),
    zReports: zReports.map((z) => masked(z) as NonNullable<BackupFile['zReports']>[number]),
  };
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(waiting));
  const key = await keyFrom(passphrase, salt, ITERATIONS);
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: clearPart(clear) }, key, plain);
  const sealed = { salt: b64(salt), iv: b64(iv), data: b64(data), iterations: ITERATIONS, binds: BINDS };
  return { format: BACKUP_FORMAT, version: 1, ...clear, waiting: sealed };
}

export type OpenedBackup =
  | {
      ok: true;
      journal: OperationRecord[];
      waiting: OperationRecord[];
      zReports: ZReport[] | undefined;
      /**
       * Whether the passphrase's seal covers the journal and the closed days. False for a file made
       * before seals did (or one whose seal was taken off): its figures could have been changed.
       */
      clearChecked: boolean;
    }
  | { ok: false; problem: 'not_a_backup' | 'wrong_passphrase' | 'damaged' };

/** Reads a backup file's text: checked whole, what waits unsealed with the passphrase. */
export async function openBackup(text: string, passphrase: string): Promise<OpenedBackup> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not_a_backup' };
  }
  const file = v.safeParse(fileShape, json);
  if (!file.success) {
    const format = (json as { format?: unknown } | null)?.format;
    return { ok: false, problem: format === BACKUP_FORMAT ? 'damaged' : 'not_a_backup' };
  }
  // Earlier versions left the seal out only when nothing waited: a journal naming waiting operations
  // without it is a file whose seal, and with it those operations, were taken off.
  if (
    !file.output.waiting &&
    file.output.journal.some((r) => waitingStatuses.has(r.status as OperationRecord['status']))
  )
    return { ok: false, problem: 'damaged' };
  let waiting: OperationRecord[] = [];
  const binds = file.output.waiting?.binds === BINDS;
  if (file.output.waiting) {
    const { salt, iv, data, iterations = FIRST_FILES_ITERATIONS } = file.output.waiting;
    let plain: ArrayBuffer;
    try {
      const key = await keyFrom(passphrase, unb64(salt), iterations);
      // The clear part as the file holds it (json, not the parsed output, which keeps only known keys).
      const clear = binds ? { additionalData: clearPart(json as BackupFile) } : {};
      plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(iv), ...clear }, key, unb64(data));
    } catch {
      // AES-GCM authenticates: a wrong passphrase and a changed file both fail here.
      return { ok: false, problem: 'wrong_passphrase' };
    }
    const parsed = v.safeParse(v.array(waitingRecord), JSON.parse(new TextDecoder().decode(plain)));
    if (!parsed.success) return { ok: false, problem: 'damaged' };
    waiting = parsed.output as unknown as OperationRecord[];
  }
  const sealedIds = new Set(waiting.map((r) => r.id));
  // The journal's copy of a waiting record is masked: the sealed one, whole, is the one kept.
  const journal = (file.output.journal as unknown as OperationRecord[]).filter(
    (r) => !sealedIds.has(r.id) && !waitingStatuses.has(r.status),
  );
  return { ok: true, journal, waiting, zReports: file.output.zReports as ZReport[] | undefined, clearChecked: binds };
}
