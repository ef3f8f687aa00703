import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, verifyWebhookSignature } from './webhook-signature';

const body = '{"id":"e1","type":"post.published","createdAt":"2026-11-28T12:00:00.000Z","data":{}}';
const at = new Date('2026-11-28T12:00:00Z');

describe('webhook signatures', () => {
  it('makes whsec_ secrets of 32 random bytes, with a 10-character prefix', () => {
    const { secret, prefix } = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(6), 'base64url')).toHaveLength(32);
    expect(prefix).toBe(secret.slice(0, 10));
    expect(generateWebhookSecret().secret).not.toBe(secret);
  });

  it('signs "t.body" with HMAC-SHA256 keyed by the whole secret, one v1 per secret', () => {
    const header = signWebhook(body, ['whsec_new', 'whsec_old'], at);
    const t = at.getTime() / 1000;
    const hex = (key: string) => createHmac('sha256', key).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hex('whsec_new')},v1=${hex('whsec_old')}`);
  });

  it('verifies any v1 within 5 minutes, and nothing else', () => {
    const header = signWebhook(body, ['whsec_new', 'whsec_old'], at);
    expect(verifyWebhookSignature(body, header, 'whsec_new', at)).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_old', new Date(at.getTime() + 300_000))).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_new', new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifyWebhookSignature(body, header, 'whsec_other', at)).toBe(false);
    expect(verifyWebhookSignature(`${body} `, header, 'whsec_new', at)).toBe(false);
    expect(verifyWebhookSignature(body, header.replace(/^t=\d+/, 't=x'), 'whsec_new', at)).toBe(false);
    expect(verifyWebhookSignature(body, 'v1=zz', 'whsec_new', at)).toBe(false);
  });
});
