import type { AnyRouter } from '@trpc/server';
import type { z } from 'zod';
import { errorCatalogue, type AppErrorCode } from '../../shared/errors.ts';
import { isApiKeyPermission } from '../../shared/permissions.ts';
import { product } from '../../shared/product.ts';
import { TRPC_PATH } from '../../shared/transport.ts';
import { possibleErrors, type AccessRule, type ProcedureMeta } from '../trpc/procedure-meta.ts';
import { inputIsOptional, jsonSchemaOf, type JsonSchema } from './json-schema.ts';

/** Where the app serves this document, to holders of a valid credential (plugins/openapi.ts). */
export const OPENAPI_PATH = '/openapi.json';

/** The version of the HTTP contract: the document's own, bumped by hand with a breaking change (docs/api.md). */
export const API_VERSION = '1.0.0';

/** The two credentials a call may carry. */
const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key (`Authorization: Bearer <key>`), made by an administrator under Admin → API keys. It acts for its maker, holding only the permissions in its scope.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'app.session_token',
    description:
      'The browser session cookie (`__Host-app.session_token` over HTTPS). A state change sent with it must also carry an allowed `Origin`.',
  },
} as const;

/** superjson's type annotations beside `json` (a Date's path and tag). A plain caller may ignore them in answers. */
const SUPERJSON_META: JsonSchema = {
  type: 'object',
  description:
    'superjson type annotations for values JSON cannot carry, e.g. `{"values":{"createdAt":["Date"]},"v":1}`: the value at that path of `json` is a Date written as an ISO 8601 string. Optional in requests; callers outside JavaScript may ignore it in answers.',
  properties: {
    values: {},
    referentialEqualities: {},
    v: { type: 'integer' },
  },
};

const ERROR_ANSWER: JsonSchema = {
  type: 'object',
  description:
    'Every failed call: the catalogue code is `error.json.data.appCode` (docs/errors.md); `fieldErrors` names each refused input field.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['json'],
      properties: {
        json: {
          type: 'object',
          required: ['message', 'code', 'data'],
          properties: {
            message: { type: 'string', description: 'What a person may be shown.' },
            code: { type: 'integer', description: 'The JSON-RPC code tRPC gives the error.' },
            data: {
              type: 'object',
              required: ['code', 'httpStatus', 'appCode', 'requestId', 'fieldErrors', 'details'],
              properties: {
                code: { type: 'string', description: "tRPC's error code." },
                httpStatus: { type: 'integer' },
                path: { type: 'string', description: 'The procedure called.' },
                appCode: { type: 'string', enum: Object.keys(errorCatalogue), description: 'The catalogue code.' },
                requestId: {
                  type: ['string', 'null'],
                  description: 'Quote it to an operator: it names the log lines.',
                },
                fieldErrors: {
                  type: ['object', 'null'],
                  additionalProperties: { type: 'array', items: { type: 'string' } },
                },
                details: { type: ['object', 'null'] },
              },
            },
          },
        },
      },
    },
  },
};

/** An error answered outside /trpc (this document's own 401): `{ error: { code, message, requestId } }`. */
const PLAIN_ERROR_ANSWER: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      properties: {
        code: { type: 'string', enum: Object.keys(errorCatalogue) },
        message: { type: 'string' },
        requestId: { type: 'string' },
      },
    },
  },
};

/** Whether an API key may call a procedure with this access rule (its scope may hold the permission). */
export function apiKeyMayCall(access: AccessRule): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  return access.via !== 'session' && isApiKeyPermission(access.permission);
}

/** The permission a procedure needs, or null for a public or signed-in one. */
export function permissionOf(access: AccessRule): string | null {
  return typeof access === 'object' ? access.permission : null;
}

function accessSentence(access: AccessRule): string {
  if (access === 'public') return 'Anyone may call it; a credential, when sent, must be valid.';
  if (access === 'signed-in') return 'Any valid API key or signed-in person may call it.';
  const switched = access.switch
    ? ` The server's \`${access.switch}\` setting may instead open it to anyone or turn it off (404 NOT_FOUND).`
    : '';
  return `Needs the permission \`${access.permission}\` (an API key's scope must hold it).${switched}`;
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: ProcedureMeta;
  inputs: z.ZodType[];
  output?: z.ZodType;
}

/** The request body or `input` parameter: the input in superjson's envelope. */
function inputEnvelope(input: JsonSchema | undefined, required: boolean): JsonSchema {
  return {
    type: 'object',
    ...(input && required ? { required: ['json'] } : {}),
    properties: {
      ...(input ? { json: input } : {}),
      meta: { $ref: '#/components/schemas/SuperjsonMeta' },
    },
  };
}

function answerEnvelope(output: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['result'],
    properties: {
      result: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            type: 'object',
            properties: { json: output, meta: { $ref: '#/components/schemas/SuperjsonMeta' } },
          },
        },
      },
    },
  };
}

/**
 * The error answers of a procedure, one per HTTP status, each a reference to a shared
 * response naming its catalogue codes (`responses`, filled here), so the many
 * procedures answering the same codes share one entry.
 */
function errorResponses(
  codes: Iterable<AppErrorCode>,
  responses: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const byStatus = new Map<number, AppErrorCode[]>();
  for (const code of codes) {
    const status = errorCatalogue[code].httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const answers: Record<string, JsonSchema> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const listed = (byStatus.get(status) ?? []).sort();
    const name = listed.join('.');
    responses[name] ??= {
      description: `${listed.map((code) => `\`${code}\``).join(', ')}: catalogue codes (docs/errors.md).`,
      'x-app-codes': listed,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
    };
    answers[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  return answers;
}

function operationOf(
  path: string,
  def: ProcedureDef,
  meta: ProcedureMeta,
  responses: Record<string, JsonSchema>,
): JsonSchema {
  const inputSchema = def.inputs[0];
  const input = inputSchema ? jsonSchemaOf(inputSchema, 'input') : undefined;
  const inputRequired = inputSchema ? !inputIsOptional(inputSchema) : false;
  const output = def.output ? jsonSchemaOf(def.output, 'output') : {};
  const permission = permissionOf(meta.access);
  const declared = [...meta.errors].sort();
  const call =
    def.type === 'query'
      ? `GET ${TRPC_PATH}/${path}?input=<the URL-encoded JSON {"json": <input>}> (or POST with that body, for an input too long for a URL).`
      : `POST ${TRPC_PATH}/${path} with the JSON body {"json": <input>} (\`{}\` when it takes none) and Content-Type: application/json.`;
  const request =
    def.type === 'query'
      ? {
          parameters: input
            ? [
                {
                  name: 'input',
                  in: 'query',
                  required: inputRequired,
                  description: 'The input in superjson’s envelope, as JSON, URL-encoded: `{"json": <input>}`.',
                  content: { 'application/json': { schema: inputEnvelope(input, inputRequired) } },
                },
              ]
            : [],
        }
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: inputEnvelope(input, inputRequired) } },
          },
        };
  return {
    operationId: path,
    summary: meta.summary,
    description: `${accessSentence(meta.access)}\n\nCall: ${call}${meta.placeholder ? '\n\nA placeholder: it validates its input, then answers 501 NOT_IMPLEMENTED until the specification defines it.' : ''}`,
    tags: [path.split('.')[0] ?? path],
    'x-procedure': { path, type: def.type, access: meta.access, permission, placeholder: meta.placeholder },
    'x-errors': declared,
    security:
      meta.access === 'public'
        ? [{}, { apiKey: [] }, { session: [] }]
        : [{ apiKey: permission ? [permission] : [] }, { session: permission ? [permission] : [] }],
    ...request,
    responses: {
      '200': {
        description: 'The answer: `result.data.json` is the output.',
        content: { 'application/json': { schema: answerEnvelope(output) } },
      },
      ...errorResponses(possibleErrors(meta), responses),
    },
  };
}

/**
 * The OpenAPI 3.1 document of every procedure an API key may call, read from the
 * router itself: each procedure's declaration (access, summary, errors) and its zod
 * input and output schemas. It describes the tRPC HTTP endpoints as they are: a
 * query is `GET /trpc/<path>?input=…`, a mutation `POST /trpc/<path>`, each input
 * and output in superjson's `{"json": …}` envelope (docs/decisions/0039-openapi-document.md).
 */
export function buildOpenApiDocument(router: AnyRouter): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  const responses: Record<string, JsonSchema> = {};
  const procedures = Object.entries(router._def.procedures as Record<string, { _def: ProcedureDef }>).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  for (const [path, { _def: def }] of procedures) {
    const meta = def.meta;
    // Subscriptions are not described yet (Server-Sent Events).
    if (!meta || def.type === 'subscription' || !apiKeyMayCall(meta.access)) continue;
    const method = def.type === 'query' ? 'get' : 'post';
    paths[`${TRPC_PATH}/${path}`] = { [method]: operationOf(path, def, meta, responses) };
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'openapi',
      summary: 'This document.',
      description: 'For holders of a valid credential: an API key or a session cookie.',
      tags: ['openapi'],
      security: [{ apiKey: [] }, { session: [] }],
      responses: {
        '200': { description: 'The OpenAPI document.', content: { 'application/json': { schema: {} } } },
        '401': {
          description: `\`UNAUTHENTICATED\`: ${errorCatalogue.UNAUTHENTICATED.description}`,
          'x-app-codes': ['UNAUTHENTICATED'],
          content: { 'application/json': { schema: { $ref: '#/components/schemas/PlainErrorAnswer' } } },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: `${product.name} API`,
      version: API_VERSION,
      description:
        'Every procedure an API key may call, over plain HTTP: tRPC’s endpoints with superjson’s envelope. ' +
        'A query is `GET /trpc/<procedure>?input=<URL-encoded {"json": <input>}>`; a mutation is ' +
        '`POST /trpc/<procedure>` with the body `{"json": <input>}`. The answer is `{"result":{"data":{"json": <output>}}}`, ' +
        'or an error whose `error.json.data.appCode` is a catalogue code. Examples with curl and Python: docs/api.md.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      schemas: { SuperjsonMeta: SUPERJSON_META, ErrorAnswer: ERROR_ANSWER, PlainErrorAnswer: PLAIN_ERROR_ANSWER },
    },
  };
}
