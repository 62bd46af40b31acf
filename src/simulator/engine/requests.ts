import type { Customer } from '../../domain/instrument';
import type { Minor } from '../../domain/money';
import { majorToMinor } from '../../domain/money';
import { fail } from './errors';

/** Request bodies, validated as the contract says: wrong shapes are 400 invalid_request, bad amounts 400 invalid_amount. */
export interface WorkstationData {
  storeId?: number | undefined;
  workstationId?: number | undefined;
  operatorId?: string | undefined;
  transactionId: string;
  reason: string;
}

const guid = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requireBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw fail.invalidRequest('The request body must be a JSON object.');
  return body;
}

export function parseWorkstationData(body: Record<string, unknown>): WorkstationData {
  const ws = body.workstationData;
  if (!isObject(ws)) throw fail.invalidRequest('workstationData is required.');
  const { storeId, workstationId, operatorId, transactionId, reason } = ws;
  if (typeof transactionId !== 'string' || !guid.test(transactionId)) {
    throw fail.invalidRequest('workstationData.transactionId must be a GUID.');
  }
  if (typeof reason !== 'string' || reason.trim() === '')
    throw fail.invalidRequest('workstationData.reason must not be empty.');
  const optionalNumber = (value: unknown, name: string) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw fail.invalidRequest(`workstationData.${name} must be a number.`);
    return value;
  };
  if (operatorId !== undefined && operatorId !== null && typeof operatorId !== 'string') {
    throw fail.invalidRequest('workstationData.operatorId must be a string.');
  }
  return {
    storeId: optionalNumber(storeId, 'storeId'),
    workstationId: optionalNumber(workstationId, 'workstationId'),
    operatorId: typeof operatorId === 'string' ? operatorId : undefined,
    transactionId,
    reason,
  };
}

/** A required or optional positive amount; `undefined` only when optional and absent. */
export function parseAmount(body: Record<string, unknown>, currency: string, required: true): Minor;
export function parseAmount(body: Record<string, unknown>, currency: string, required: false): Minor | undefined;
export function parseAmount(body: Record<string, unknown>, currency: string, required: boolean): Minor | undefined {
  if (!('amount' in body) || body.amount === undefined || (!required && body.amount === null)) {
    if (required) throw fail.invalidAmount('amount is required.');
    return undefined;
  }
  const minor = majorToMinor(body.amount, currency);
  if (minor === null) throw fail.invalidAmount();
  if (minor <= 0) throw fail.invalidAmount('The amount must be greater than zero.');
  return minor;
}

export function parseCustomer(body: Record<string, unknown>): Customer | null | undefined {
  const c = body.customer;
  if (c === undefined) return undefined;
  if (c === null) return null;
  if (!isObject(c) || typeof c.customerId !== 'string' || c.customerId === '') {
    throw fail.invalidRequest('customer must be null or an object with a customerId.');
  }
  const text = (key: 'name' | 'email' | 'phone') => {
    const value = c[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw fail.invalidRequest(`customer.${key} must be a string.`);
    return value;
  };
  const customer: Customer = { customerId: c.customerId };
  const name = text('name');
  const email = text('email');
  const phone = text('phone');
  if (name !== undefined) customer.name = name;
  if (email !== undefined) customer.email = email;
  if (phone !== undefined) customer.phone = phone;
  return customer;
}
