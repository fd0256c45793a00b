import { amountOf, bankTime, nameOf, senderBankCode, type SmsParser } from './sms-fields.ts';

/**
 * Credit SMS of BAY (Krungsri), GSB (MyMo), TTB, and of BCEL and LDB in Laos,
 * one layout each (fixtures in test/fixtures/sms/). docs/auto-deposit.md, "SMS formats".
 */
const AMT = '([0-9][0-9,]*(?:\\.[0-9]{2})?)';
const DATE = '(\\d{1,2}[/-]\\d{1,2}[/-]\\d{2,4})';
const TIME = '(\\d{1,2}[:.]\\d{2})';
const MASKED = '([Xx*0-9-]{4,20})';

/** "Krungsri: เงินเข้า 2,000.00 บ. บ/ช XXX-X-X1234-X จาก KBANK XXX-X-X5678-X นาย สมชาย ใ 28/11/68 10:15 น.". */
const BAY_CREDIT = new RegExp(
  `เงินเข้า\\s*${AMT}\\s*บ\\.?\\s*บ/ช\\s*${MASKED}\\s+จาก\\s*([A-Z]+)\\s+${MASKED}\\s*(.*?)\\s*${DATE}\\s+${TIME}`,
  'i',
);
export const bayParser: SmsParser = {
  bank: 'BAY',
  parse(text, receivedAt) {
    const m = BAY_CREDIT.exec(text);
    if (!m) return /เงินออก|ถอน|โอนเงิน|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[1]);
    const occurredAt = bankTime(m[6]!, m[7]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    const [siteDigits, senderBank, senderDigits, senderName] = [m[2]!, senderBankCode(m[3]), m[4]!, nameOf(m[5])];
    return { bank: 'BAY', amount, occurredAt, siteDigits, senderBank, senderDigits, senderName, reference: null };
  },
};

/** "MyMo: บัญชี XXXXXX1234 เงินเข้า 1,000.00 บาท จาก SCB XXXXXX5678 28/11/2568 10:15". */
const GSB_CREDIT = new RegExp(
  `บัญชี\\s*${MASKED}\\s+เงินเข้า\\s*${AMT}\\s*บาท(?:\\s+จาก\\s*([A-Zก-๙.]+)\\s+${MASKED})?\\s+${DATE}\\s+${TIME}`,
  'i',
);
export const gsbParser: SmsParser = {
  bank: 'GSB',
  parse(text, receivedAt) {
    const m = GSB_CREDIT.exec(text);
    if (!m) return /เงินออก|ถอน|โอนเงิน|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[2]);
    const occurredAt = bankTime(m[5]!, m[6]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    const [siteDigits, senderBank, senderDigits] = [m[1]!, senderBankCode(m[3]), m[4] ?? null];
    return { bank: 'GSB', amount, occurredAt, siteDigits, senderBank, senderDigits, senderName: null, reference: null };
  },
};

/** "ttb: เงินเข้า 1,000.00 บ. เข้าบ/ช xx1234 จาก SCB xx5678 นาย สมชาย 28/11/68 @10:15". */
const TTB_CREDIT = new RegExp(
  `เงินเข้า\\s*${AMT}\\s*บ\\.?\\s*เข้าบ/ช\\s*${MASKED}(?:\\s+จาก\\s*([A-Zก-๙.]+)\\s+${MASKED}\\s*(.*?))?\\s+${DATE}\\s*@?${TIME}`,
  'i',
);
export const ttbParser: SmsParser = {
  bank: 'TMB',
  parse(text, receivedAt) {
    const m = TTB_CREDIT.exec(text);
    if (!m) return /เงินออก|ถอน|โอนเงิน|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[1]);
    const occurredAt = bankTime(m[6]!, m[7]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    const [siteDigits, senderBank, senderDigits, senderName] = [m[2]!, senderBankCode(m[3]), m[4] ?? null, nameOf(m[5])];
    return { bank: 'TMB', amount, occurredAt, siteDigits, senderBank, senderDigits, senderName, reference: null };
  },
};

/** "BCEL: 28/11/2025 10:15 Account 0100001234567 received 500,000.00 LAK from 0101200000XXX456 SOMPHONE V Ref FT25332123456 ...". */
const BCEL_CREDIT = new RegExp(
  `${DATE}\\s+${TIME}\\s+Account\\s+${MASKED}\\s+received\\s+${AMT}\\s*LAK\\s+from\\s+${MASKED}\\s+(.*?)\\s+Ref\\s+([A-Z0-9]{6,30})`,
  'i',
);
export const bcelParser: SmsParser = {
  bank: 'BCEL',
  parse(text, receivedAt) {
    const m = BCEL_CREDIT.exec(text);
    if (!m) return /debited|withdraw|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[4]);
    const occurredAt = bankTime(m[1]!, m[2]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    // Only BCEL accounts are shown by account number alone: the sender is a BCEL customer (others come through LAPNet by name).
    const [siteDigits, senderDigits, senderName, reference] = [m[3]!, m[5]!, nameOf(m[6]), m[7]!];
    return { bank: 'BCEL', amount, occurredAt, siteDigits, senderBank: 'BCEL', senderDigits, senderName, reference };
  },
};

/** "LDB: ເງິນເຂົ້າ 1,000,000.00 LAK ບັນຊີ xxxx4567 ຈາກ 0302xxxx5678 ທ້າວ ສົມພອນ ວັນທີ 28/11/2025 10:15". */
const LDB_CREDIT = new RegExp(`ເງິນເຂົ້າ\\s*${AMT}\\s*LAK\\s+ບັນຊີ\\s*${MASKED}\\s+ຈາກ\\s*${MASKED}\\s*(.*?)\\s*ວັນທີ\\s*${DATE}\\s+${TIME}`, 'i');
export const ldbParser: SmsParser = {
  bank: 'LDB',
  parse(text, receivedAt) {
    const m = LDB_CREDIT.exec(text);
    if (!m) return /ເງິນອອກ|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[1]);
    const occurredAt = bankTime(m[5]!, m[6]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    const [siteDigits, senderDigits, senderName] = [m[2]!, m[3]!, nameOf(m[4])];
    return { bank: 'LDB', amount, occurredAt, siteDigits, senderBank: 'LDB', senderDigits, senderName, reference: null };
  },
};
