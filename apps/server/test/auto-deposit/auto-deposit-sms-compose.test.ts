import { describe, expect, it } from 'vitest';
import { composeCreditSms, SMS_BANKS } from '../../src/adapters/sms-forwarder/simulator/compose-sms.ts';
import { parseCreditSms } from '../../src/modules/auto-deposit/sms/parse-sms.ts';
import { maskMatches, normalizeMask } from '../../src/modules/auto-deposit/sender-match.ts';

describe('the sandbox phone writes each bank’s layout the parsers read', () => {
  it.each(SMS_BANKS.map((b) => [b]))('%s', (bank) => {
    const at = new Date('2026-11-21T05:07:00Z');
    const sender = { bank: bank === 'BCEL' || bank === 'LDB' ? bank : 'SCB', account: '7712345678', name: 'SOMCHAI JAIDEE' };
    const sms = composeCreditSms({ siteBank: bank, siteAccount: '0123456789', amount: 123_456n, at, sender, reference: 'FT123456789' });
    const parsed = parseCreditSms(bank, sms, new Date(at.getTime() + 30_000));
    if (parsed === null || parsed === 'not-credit') throw new Error(`not read: ${sms}`);
    expect(parsed.amount).toBe(123_456n);
    // BBL prints no time: the time it reached the phone stands.
    expect(parsed.occurredAt.getTime()).toBe(bank === 'BBL' ? at.getTime() + 30_000 : at.getTime());
    const mask = normalizeMask(parsed.senderDigits);
    if (mask) expect(maskMatches(mask, sender.account)).toBe(true);
  });
});
