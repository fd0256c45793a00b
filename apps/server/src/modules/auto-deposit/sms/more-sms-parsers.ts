import { amountOf, bankTime, nameOf, senderBankCode, type SmsParser } from './sms-fields.ts';

/**
 * Credit SMS of BAY (Krungsri), GSB (MyMo), TTB, and of BCEL and LDB in Laos,
 * one layout each (fixtures in test/fixtures/sms/). docs/auto-deposit.md, "SMS formats".
 */
const AMT = '([0-9][0-9,]*(?:\\.[0-9]{2})?)';
const DATE = '(\\d{1,2}[/-]\\d{1,2}[/-]\\d{2,4})';
const TIME = '(\\d{1,2}[:.]\\d{2})';
const MASKED = '([Xx*0-9-]{4,20})';

const none = { siteDigits: null, senderBank: null, senderDigits: null, senderName: null, reference: null };

/** "โอนเข้า xxx170203x  150.62 เหลือ 7,420.57 (17/5/68,16:27)": Krungsri shows the site account, no sender. */
const BAY_CREDIT = new RegExp(`^(?:Krungsri:?\\s*)?โอนเข้า\\s*${MASKED}\\s+${AMT}\\s+เหลือ\\s*${AMT}\\s*\\(${DATE}\\s*,\\s*${TIME}\\)`, 'i');
export const bayParser: SmsParser = {
  bank: 'BAY',
  parse(text, receivedAt) {
    const m = BAY_CREDIT.exec(text.trim());
    if (!m) return /โอนออก|ถอน|จ่าย|ชำระ|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[2]);
    const occurredAt = bankTime(m[4]!, m[5]!, receivedAt);
    if (amount === null || !occurredAt) return null;
    return { ...none, bank: 'BAY', amount, occurredAt, siteDigits: m[1]! };
  },
};

const THAI_MONTHS = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];

/**
 * "เงินเข้า: มีการฝาก/โอนเงิน 74.76 บาท จากบัญชี KBNK 0013XXXX1945 เข้าบัญชี GSBA 0204XXXX0743 วันที่ 24 พ.ค. 2568
 * เวลา 15:04 น. คงเหลือ 2,702.93 บาท": the sender's bank (SWIFT-like code) and account, first and last four shown.
 */
const GSB_CREDIT = new RegExp(
  `เงินเข้า:?\\s*มีการฝาก/โอนเงิน\\s*${AMT}\\s*บาท\\s*จากบัญชี\\s*([A-Z]{2,6})\\s+${MASKED}\\s*เข้าบัญชี\\s*[A-Z]{2,6}\\s+${MASKED}\\s*วันที่\\s*(\\d{1,2})\\s*(\\S+)\\s*(\\d{4})\\s*เวลา\\s*${TIME}`,
  'i',
);
export const gsbParser: SmsParser = {
  bank: 'GSB',
  parse(text, receivedAt) {
    const m = GSB_CREDIT.exec(text);
    if (!m) return /เงินออก|ถอน|ชำระ|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[1]);
    const month = THAI_MONTHS.indexOf(m[6]!) + 1;
    const occurredAt = month > 0 ? bankTime(`${m[5]}/${month}/${m[7]}`, m[8]!, receivedAt) : null;
    if (amount === null || !occurredAt) return null;
    return { ...none, bank: 'GSB', amount, occurredAt, siteDigits: m[4]!, senderBank: senderBankCode(m[2]), senderDigits: m[3]! };
  },
};

/**
 * "มีเงิน3.00บ.โอนเข้าบ/ชxx5985 จาก SCB X6093 นาย สมชาย ใจ เหลือ625.00บ.12/01/24@16:36" (years Christian): ttb
 * shows the sender's bank, the last four digits and the name cut short, or, for some transfers, nothing of the sender.
 */
const TTB_CREDIT = new RegExp(
  `มีเงิน\\s*${AMT}\\s*บ\\.?\\s*(?:โอน)?เข้าบ/ช\\s*${MASKED}(?:\\s*จาก\\s*([A-Z]{2,6})\\s*(X\\d{4,})\\s*(.*?))?\\s*เหลือ\\s*${AMT}\\s*บ\\.?\\s*${DATE}\\s*@\\s*${TIME}`,
  'i',
);
export const ttbParser: SmsParser = {
  bank: 'TMB',
  parse(text, receivedAt) {
    const m = TTB_CREDIT.exec(text);
    if (!m) return /โอนเงิน|ถอน|จ่าย|ชำระ|OTP/i.test(text) ? 'not-credit' : null;
    const amount = amountOf(m[1]);
    const occurredAt = bankTime(m[7]!, m[8]!, receivedAt);
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
