import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/simulator/openapi/document';
import { demoDataset } from '@/simulator/demo-dataset';
import { openApiCheck } from '@/test-support/openapi-check';
import { simulatedApi } from '@/test-support/simulated-api';
import type { LoyaltyApi } from '../loyalty-api';
import { callEveryOperation } from './every-operation';

const doc = buildOpenApiDocument();
const check = openApiCheck(doc);
const o = { transactionId: '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60', reason: 'Sale' };
const groups = ['giftCards', 'loyaltyCards', 'storeCredits'] as const;

describe("the terminal's API layer and the OpenAPI document", () => {
  it('sends each operation as the document says: its path and method, its body, its Idempotency-Key', async () => {
    let calling = '';
    const sent: [string, Request][] = [];
    const { api } = simulatedApi({}, demoDataset, (request) => void sent.push([calling, request]));
    // Each function of the API layer, named as the document's operationId names it, noted as it sends.
    const traced = Object.fromEntries(
      groups.map((group) => [
        group,
        Object.fromEntries(
          Object.entries(api[group]).map(([name, fn]) => [
            name,
            (...args: unknown[]) => {
              calling = `${group}.${name}`;
              return (fn as (...a: unknown[]) => unknown)(...args);
            },
          ]),
        ),
      ]),
    );
    await callEveryOperation({ ...api, ...traced } as LoyaltyApi, o);

    const problems: string[] = [];
    for (const [fn, request] of sent) {
      const { pathname } = new URL(request.url);
      const found = check.operation(request.method, pathname);
      if (found?.op.operationId !== fn) problems.push(`${fn} sent ${request.method} ${pathname}, not its operation`);
      const body = request.method === 'POST' ? await request.json() : undefined;
      const problem = check.requestProblem(request.method, pathname, body, request.headers);
      if (problem) problems.push(`${fn}: ${problem}`);
    }
    expect(problems).toEqual([]);

    const apiOperations = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => !op.tags.includes('Simulator'))
      .map((op) => op.operationId);
    expect([...new Set(sent.map(([fn]) => fn))].sort()).toEqual(apiOperations.sort());
  });
});
