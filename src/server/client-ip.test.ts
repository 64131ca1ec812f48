import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

function requestFrom(address: string) {
  const reads = { count: 0 };
  const req = {
    get ip() {
      reads.count += 1;
      return address;
    },
  } as unknown as FastifyRequest;
  return { req, reads };
}

describe('clientIp', () => {
  it("is Fastify's address for the request, worked out once however often it is asked", () => {
    const { req, reads } = requestFrom('203.0.113.7');
    expect(clientIp(req)).toBe('203.0.113.7');
    expect(clientIp(req)).toBe('203.0.113.7');
    expect(reads.count).toBe(1);
  });

  it('keeps each request its own address', () => {
    const first = requestFrom('203.0.113.7');
    const second = requestFrom('198.51.100.9');
    expect([clientIp(first.req), clientIp(second.req)]).toEqual(['203.0.113.7', '198.51.100.9']);
  });
});
