import { expect } from '@playwright/test';
import type { Amount } from '../amounts';
import type { LoyaltyServer, SimulatorView } from '../loyalty-server';

/** The server back to its dataset (the kit's fixture does it before each test). */
export const resetSimulator = (server: LoyaltyServer) => server.reset();

/** The simulator's own view of its state (major units as numbers). */
export const state = (server: LoyaltyServer): Promise<SimulatorView> => server.simulatorState();
export const simulatorState = state;

/** The simulator's fault setting as its interface takes it (loyalty-api.md section 7). */
export const setFaults = (server: LoyaltyServer, setting: Record<string, unknown>) => server.setFaults(setting);

/** Spends from a card behind the terminal's back: another till's hold of `amount` (major units). */
export async function spendElsewhere(server: LoyaltyServer, number: string, amount: number) {
  const hold = await server.holdElsewhere(number, amount.toFixed(2) as Amount);
  expect(hold.status).toBe('pending');
  return hold;
}

/** A card's balance in the simulator's view. */
export const net = (s: SimulatorView, number: string) => s.instruments.find((i) => i.number === number)?.amountNet;
