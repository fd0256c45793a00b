import { amountOf, bankTime, senderBankCode, type SmsParser } from './sms-fields.ts';

/**
 * Credit SMS of KBANK, SCB, KTB and BBL, one layout each as the banks print it
 * (the fixtures in test/fixtures/sms/ hold real-shaped messages); debits and
 * other notices they send are 'not-credit'. docs/auto-deposit.md, "SMS formats".
 */
const AMT = '([0-9][0-9,]*\\.[0-9]{2})';
const DATE = '(\\d{1,2}[/-]\\d{1,2}(?:[/-]\\d{2,4})?)';
const TIME = '(\\d{1,2}[:.]\\d{2})';

const none = { siteDigits: null, senderBank: null, senderDigits: null, senderName: null, reference: null };

/**
 * "28/11/68 10:15 บชX123456X รับโอนจากX987654X 500.00บ คงเหลือ1,234.56บ", "... บชX123456X เงินเข้า2,000.00บ ..."
 * or, newer, "17/05/68 16:27 บช X-9426 เงินเข้า 999.63 คงเหลือ 8,236.90 บ.".
 */
const KBANK_CREDIT = new RegExp(
  `^${DATE}\\s+${TIME}\\s+บช\\.?\\s*(X-?\\d+X?)\\s+(?:รับโอนจาก\\s*(X-?\\d+X?)\\s+|เงินเข้า\\s*)${AMT}\\s*(?:บ|คงเหลือ)`,
  'i',
);
export const kbankParser: SmsParser = {
  bank: 'KBANK',
  parse(text, receivedAt) {
    const m = KBANK_CREDIT.exec(text.trim());
    if (!m) return /เงินออก|โอนเงิน|ถอน|หักบช|จ่าย|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[5]);
    const occurredAt = bankTime(m[1]!, m[2]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    // KBANK names neither the sender's bank nor the sender; a transfer between KBANK accounts shows the account.
    return { ...none, bank: 'KBANK', amount, occurredAt, siteDigits: m[3]!, senderBank: m[4] ? 'KBANK' : null, senderDigits: m[4] ?? null };
  },
};

/** "25/11@14:30 1,000.00 จากKBNK/x123456เข้าx654321 ใช้ได้12,345.67บ". */
const SCB_CREDIT = new RegExp(`^${DATE}@${TIME}\\s+${AMT}\\s+จาก([A-Z]{2,6})/(x\\d+)เข้า(x\\d+)`, 'i');
export const scbParser: SmsParser = {
  bank: 'SCB',
  parse(text, receivedAt) {
    const m = SCB_CREDIT.exec(text.trim());
    if (!m) return /โอนเงิน|ถอน|ชำระ|จ่าย|OTP|รหัส/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[3]);
    const occurredAt = bankTime(m[1]!, m[2]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    return { ...none, bank: 'SCB', amount, occurredAt, siteDigits: m[6]!, senderBank: senderBankCode(m[4]), senderDigits: m[5]! };
  },
};

/**
 * "17-05@16:27 บชX58589X:เงินเข้า 100.28บ ใช้ได้ 11,861.55บ" (older phones: "11-09-18@02:08 บช X29499X:เงินเข้า
 * +180.00 บ. ใช้ได้ 180.70 บ."): Krungthai names no sender, only the site account.
 */
const KTB_CREDIT = new RegExp(
  `^${DATE}@${TIME}\\s*บช\\.?\\s*(X\\d+X?)\\s*:\\s*เงินเข้า\\s*\\+?${AMT}\\s*บ\\.?\\s*ใช้ได้\\s*[0-9,]+\\.[0-9]{2}\\s*บ`,
  'i',
);
export const ktbParser: SmsParser = {
  bank: 'KTB',
  parse(text, receivedAt) {
    const m = KTB_CREDIT.exec(text.trim());
    if (!m) return /เงินออก|ถอน|โอนออก|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[4]);
    const occurredAt = bankTime(m[1]!, m[2]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    return { ...none, bank: 'KTB', amount, occurredAt, siteDigits: m[3]! };
  },
};

/** "ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ": no sender and no time (the time it reached the phone is used). */
const BBL_CREDIT = new RegExp(`^ฝาก/โอนเงินเข้าบ/ช\\s*(X\\d+)\\s+ผ่าน\\s*(\\S+)\\s+${AMT}\\s*บ`, 'i');
export const bblParser: SmsParser = {
  bank: 'BBL',
  parse(text, receivedAt) {
    const m = BBL_CREDIT.exec(text.trim());
    if (!m) return /ถอน\/โอน\/จ่ายเงิน|ถอน|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[3]);
    if (amount === null) return null;
    return { ...none, bank: 'BBL', amount, occurredAt: receivedAt, siteDigits: m[1]! };
  },
};
