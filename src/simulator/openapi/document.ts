import { errorCodesByStatus, type ErrorStatus } from '../../wire/error-codes';
import { IDEMPOTENCY_KEY_HEADER } from '../../wire/idempotency-key';
import { API_PREFIX, apiOperations, simulatorOperations, type Operation } from './operations';
import { componentSchemas, schemaRef } from './schemas';

/**
 * The Loyalty API as the terminal and its simulator understand it, as an OpenAPI 3.1 document,
 * built from the valibot schemas they parse with (./schemas.ts). Served by the simulator at
 * GET /_simulator/openapi.json and written to a file by `npm run openapi -- <file>`.
 */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  paths: Record<string, Partial<Record<'get' | 'post', OperationObject>>>;
  components: Record<string, Record<string, unknown>>;
  [field: string]: unknown;
}

interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
}

const GET_ERRORS: ErrorStatus[] = [401, 403, 404, 429, 500, 503];
const POST_ERRORS: ErrorStatus[] = [400, 401, 403, 404, 409, 422, 429, 500, 503];

/** What the error table of section 2 says beside the codes. */
const errorNotes: Partial<Record<ErrorStatus, string>> = {
  400: `A refused ${IDEMPOTENCY_KEY_HEADER} (blank, over 255 characters) is invalid_request with "field": "${IDEMPOTENCY_KEY_HEADER}".`,
  409: 'insufficient_funds carries `available` (major units); request_in_progress: the same key is being processed.',
  422: 'The Idempotency-Key was used with another path or body.',
  429: 'Try again after Retry-After seconds.',
  500: 'Server trouble: the outcome of a POST is unknown to the client (replay it with the same key).',
  503: 'Server trouble: the outcome of a POST is unknown to the client (replay it with the same key).',
};

const json = (schema: unknown) => ({ 'application/json': { schema } });

function errorResponses(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(errorCodesByStatus).map(([status, codes]) => [
      `Error${status}`,
      {
        description: [`Error body, code ${codes.join(' | ')}.`, errorNotes[Number(status) as ErrorStatus]]
          .filter(Boolean)
          .join(' '),
        ...(status === '429' && { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }),
        content: json(schemaRef('ErrorBody')),
      },
    ]),
  );
}

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: 'Sent percent-encoded (encodeURIComponent).',
    schema: { type: 'string', minLength: 1 },
  }));

function apiOperation(op: Operation): OperationObject {
  const post = op.method === 'post';
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    parameters: [
      ...pathParameters(API_PREFIX + op.path),
      ...(post ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ],
    ...(op.body && { requestBody: { required: true, content: json(schemaRef(op.body)) } }),
    responses: {
      [op.answer.status]: {
        description: post ? 'Done; a replay of a stored answer carries Idempotency-Replayed: true.' : 'Found.',
        ...(post && { headers: { 'Idempotency-Replayed': { $ref: '#/components/headers/IdempotencyReplayed' } } }),
        content: json(op.answer.schema === 'any' ? {} : schemaRef(op.answer.schema)),
      },
      ...Object.fromEntries(
        (post ? POST_ERRORS : GET_ERRORS).map((s) => [s, { $ref: `#/components/responses/Error${s}` }]),
      ),
    },
  };
}

function simulatorOperation(op: Operation): OperationObject {
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.body && { requestBody: { required: false, content: json(schemaRef(op.body)) } }),
    responses: {
      [op.answer.status]: {
        description: 'Done.',
        content: json(op.answer.schema === 'any' ? { type: 'object' } : schemaRef(op.answer.schema)),
      },
      ...(op.body && {
        400: {
          description: 'invalid_request: the body is not JSON or not this shape.',
          content: json(schemaRef('ErrorBody')),
        },
      }),
    },
    security: [],
  };
}

function paths(): OpenApiDocument['paths'] {
  const out: OpenApiDocument['paths'] = {};
  for (const op of apiOperations) (out[API_PREFIX + op.path] ??= {})[op.method] = apiOperation(op);
  for (const op of simulatorOperations) (out[op.path] ??= {})[op.method] = simulatorOperation(op);
  return out;
}

export function buildOpenApiDocument(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loyalty API',
      version: 'v1',
      description: [
        'The Loyalty API as the loyalty terminal and its simulator understand it (the project contract',
        'loyalty-api.md), generated from the valibot schemas they parse with. Bodies are JSON; money is',
        "JSON numbers in major units of the loyalty group's currency; unknown request fields are",
        'ignored and clients ignore unknown response fields. Any path or method not listed answers',
        '404 not_found with the error body. CORS: preflights are answered and every answer carries CORS',
        'headers, allowing Authorization, Content-Type and Idempotency-Key and exposing',
        'Idempotency-Replayed and Retry-After.',
      ].join(' '),
    },
    servers: [
      {
        url: '{baseUrl}',
        description: 'The Loyalty server, or the simulator (`npm run simulator`).',
        variables: { baseUrl: { default: 'http://127.0.0.1:4010' } },
      },
    ],
    security: [{ bearer: [] }],
    tags: [
      { name: 'Gift cards', description: 'loyalty-api.md section 3.' },
      { name: 'Loyalty cards', description: 'loyalty-api.md section 4.' },
      { name: 'Store credit', description: 'loyalty-api.md section 5.' },
      {
        name: 'Simulator',
        description:
          "The simulator's own interface (loyalty-api.md section 7), not the Loyalty API's: no token, never delayed or faulted.",
      },
    ],
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      responses: errorResponses(),
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          required: false,
          description:
            'A fresh key (a UUID) for each new operation, the same on every retry of it (loyalty-api.md section 6).',
          schema: schemaRef('IdempotencyKey'),
        },
      },
      headers: {
        IdempotencyReplayed: {
          description: 'The stored answer of an earlier request with the same key, replayed.',
          schema: { type: 'string', const: 'true' },
        },
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The access token; missing or unknown: 401.' },
      },
    },
  };
}
