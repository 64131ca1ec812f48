import { describe, expect, it } from 'vitest';
import { answerProblems, leaksIn } from '../test/answer-checks.ts';
import { databaseFingerprint } from '../test/db-fingerprint.ts';
import { mutate } from '../test/http-client.ts';
import { buildTestApp } from '../test/test-app.ts';

// The security tests pass only as long as these checks can fail: each case below is
// an answer they must reject, next to the sound one they must accept.

const REQUEST_ID = 'req-12345678';
const headers = { 'x-request-id': REQUEST_ID };
const trpcError = (appCode: unknown, requestId: unknown = REQUEST_ID) =>
  JSON.stringify({ error: { json: { message: 'x', code: -32600, data: { appCode, requestId } } } });

describe('the answer checks', () => {
  it('accept a catalogued error with the request id, in either wire shape', () => {
    expect(answerProblems({ statusCode: 400, headers, body: trpcError('VALIDATION_FAILED') })).toEqual([]);
    const plain = JSON.stringify({ error: { code: 'NOT_FOUND', message: 'x', requestId: REQUEST_ID } });
    expect(answerProblems({ statusCode: 404, headers, body: plain })).toEqual([]);
  });

  it.each([
    ['a 500', 500, trpcError('INTERNAL'), /status 500/],
    ['a code outside the catalogue', 400, trpcError('WHATEVER'), /no catalogue appCode/],
    ['no request id', 400, trpcError('BAD_REQUEST', null), /no requestId/],
    ['a request id other than the header', 400, trpcError('BAD_REQUEST', 'req-other-id'), /differs from X-Request-Id/],
    ["Fastify's own error shape", 414, '{"error":"Bad Request","code":"FST_ERR_MAX_PARAM_LENGTH"}', /no catalogue/],
    ['a body that is not JSON', 400, 'Bad Request', /not JSON/],
    ['a batch with one bad call', 207, `[{"result":{}},${trpcError('NOPE')}]`, /no catalogue appCode/],
  ])('reject %s', (_name, statusCode, body, problem) => {
    expect(answerProblems({ statusCode, headers, body }).join('; ')).toMatch(problem);
  });

  it("allow a placeholder's 501, and only a placeholder's", () => {
    const answer = { statusCode: 501, headers, body: trpcError('NOT_IMPLEMENTED') };
    expect(answerProblems(answer, { placeholder: true })).toEqual([]);
    expect(answerProblems(answer)).toEqual(['status 501']);
  });

  it('reject a code the procedure does not declare, when told what it declares', () => {
    const answer = { statusCode: 409, headers, body: trpcError('CONFLICT') };
    expect(answerProblems(answer, { declared: new Set(['CONFLICT']) })).toEqual([]);
    expect(answerProblems(answer, { declared: new Set(['NOT_FOUND']) })).toEqual([
      'CONFLICT is not among the errors the procedure declares',
    ]);
  });

  it.each([
    ['a stack frame', 'Error: x\n    at parse (/srv/app/dist/server/main.js:1:2)'],
    ['a server path', 'ENOENT: /work/main/data/app.db'],
    ['node_modules', 'in node_modules/better-sqlite3'],
    ['a TypeScript file position', 'auth.service.ts:42'],
    ['SQL', 'SELECT * FROM "User"'],
    ['the ORM', 'PrismaClientKnownRequestError'],
    ['SQLite', 'SqliteError: no such table: secret_table'],
    ['SQLite', 'SQLITE_BUSY: database is locked'],
    ['SQLite', 'no such column: password'],
  ])('find %s in a body', (leak, body) => {
    expect(leaksIn(body)).toContain(leak);
  });

  it("do not count the database engine's name, which system.info shows an admin, as a leak", () => {
    expect(leaksIn('{"database":{"engine":"sqlite","version":"3.45.0"}}')).toEqual([]);
  });

  it('do not count an echo of the request as a leak', () => {
    expect(leaksIn('Nothing is served at GET /node_modules/x', 'GET /node_modules/x')).toEqual([]);
  });
});

describe('the database fingerprint', () => {
  it('moves when a request writes a row, and stays put otherwise', async () => {
    const app = await buildTestApp();
    const before = await databaseFingerprint(app.services.db);
    expect(await databaseFingerprint(app.services.db)).toBe(before);
    const signedUp = await mutate(app, 'auth.signUp', { name: 'Row', email: 'row@example.com' });
    expect(signedUp.status).toBe(200);
    expect(await databaseFingerprint(app.services.db)).not.toBe(before);
  });
});
