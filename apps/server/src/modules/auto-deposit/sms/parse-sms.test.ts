import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { minorToDecimal } from '@jetton/contract/money';
import { parseCreditSms, SMS_PARSERS } from './parse-sms.ts';

type Fixture = {
  bank: string;
  messages: {
    text: string;
    receivedAt: string;
    kind: 'credit' | 'not-credit';
    expect?: {
      amount: string;
      occurredAt: string;
      senderBank: string | null;
      senderDigits: string | null;
      senderName: string | null;
      reference?: string;
    };
  }[];
};

const dir = fileURLToPath(new URL('../../../../test/fixtures/sms/', import.meta.url));
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as Fixture);

describe('credit SMS parsers, one fixture file per bank', () => {
  it('has a fixture for every bank with a parser, several messages each', () => {
    expect(fixtures.map((f) => f.bank).sort()).toEqual(Object.keys(SMS_PARSERS).sort());
    for (const f of fixtures) expect(f.messages.length).toBeGreaterThanOrEqual(3);
  });

  describe.each(fixtures.map((f) => [f.bank, f] as const))('%s', (bank, fixture) => {
    it.each(fixture.messages.map((m) => [m.text, m] as const))('%s', (text, m) => {
      const parsed = parseCreditSms(bank, text, new Date(m.receivedAt));
      if (m.kind === 'not-credit') return expect(parsed).toBe('not-credit');
      if (parsed === null || parsed === 'not-credit') throw new Error(`not read: ${text}`);
      const want = m.expect!;
      expect(minorToDecimal(parsed.amount)).toBe(want.amount);
      expect(parsed.occurredAt.toISOString()).toBe(new Date(want.occurredAt).toISOString());
      expect(parsed.senderBank).toBe(want.senderBank);
      expect(parsed.senderDigits).toBe(want.senderDigits);
      expect(parsed.senderName).toBe(want.senderName);
      if (want.reference) expect(parsed.reference).toBe(want.reference);
      expect(parsed.bank).toBe(bank);
    });
  });

  it('reads nothing it does not know: another bank, a stranger, garbage, an impossible date', () => {
    expect(parseCreditSms('KBANK', 'Hello, you won a prize', new Date())).toBeNull();
    expect(parseCreditSms('NOPE', '28/11/68 10:15 บชX123456X เงินเข้า2,000.02บ', new Date())).toBeNull();
    expect(parseCreditSms('KBANK', '31/02/68 10:15 บชX123456X เงินเข้า2,000.02บ คงเหลือ1บ', new Date())).toBeNull();
    expect(parseCreditSms('KBANK', 'x'.repeat(2_000), new Date())).toBeNull();
  });
});
