import { connect } from 'node:net';
import type { Answer } from './answer-checks.ts';

export interface RawAnswer extends Answer {
  headers: Record<string, string>;
}

/** Decodes a chunked body; enough for the answers of our own server. */
function unchunk(body: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (body.length < start + size + 2) return undefined;
    parts.push(body.subarray(start, start + size));
    offset = start + size + 2;
  }
}

/** The answer in `received`, once it is complete; undefined while more is to come. */
function parseAnswer(received: Buffer, ended: boolean): RawAnswer | undefined {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const statusCode = Number(statusLine.split(' ')[1]);
  const rest = received.subarray(headEnd + 4);
  let body: Buffer | undefined;
  if (headers['transfer-encoding']?.includes('chunked')) body = unchunk(rest);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    body = rest.length >= length ? rest.subarray(0, length) : undefined;
  } else body = ended ? rest : undefined;
  return body === undefined ? undefined : { statusCode, headers, body: body.toString('utf8') };
}

export interface RawRequestOptions {
  /** Bytes sent after the head, as they are (a body shorter than its Content-Length included). */
  body?: string | Buffer;
  timeoutMs?: number;
}

/**
 * Sends bytes exactly as given over a plain TCP socket and reads one answer. No
 * client library normalizes `..` or `%2e`, fills in a Content-Length, or refuses
 * a request line Node would reject: the server sees what an attacker would send.
 * Rejects when no complete answer arrives in time (the server waits for a body it
 * should have refused, say).
 */
export function rawRequest(port: number, head: string, options: RawRequestOptions = {}): Promise<RawAnswer> {
  const { body, timeoutMs = 5_000 } = options;
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = Buffer.alloc(0);
    const finish = (ended: boolean) => {
      const answer = parseAnswer(received, ended);
      if (!answer && !ended) return;
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve(answer);
      else
        reject(
          new Error(`The connection closed without a complete answer: ${received.toString('latin1').slice(0, 200)}`),
        );
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No complete answer within ${timeoutMs} ms: ${received.toString('latin1').slice(0, 200)}`));
    }, timeoutMs);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('end', () => {
      finish(true);
    });
    // A server may close or reset the socket while we still send a body it refused.
    socket.on('error', () => {
      finish(true);
    });
    socket.write(head);
    if (body !== undefined) socket.write(body);
  });
}

/** A GET with the path sent byte for byte, on a connection closed after the answer. */
export function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return rawRequest(port, `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
}
