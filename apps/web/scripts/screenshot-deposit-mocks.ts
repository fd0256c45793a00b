// Mock answers for the deposit dialog of the screenshot script: the site's accounts, an open QR with a
// real PromptPay payload, and the status answers of each watched state (waiting, arrived, refused).
import QRCode from 'qrcode';

const SLIP_ID = '0197a3f2-5b1c-7e4d-9a2b-3c4d5e6f7a8c';
const QR_ID = '0197a3f2-5b1c-7e4d-9a2b-3c4d5e6f7a8d';
/** A PromptPay bill payment (tag 30) for 1,234.50 THB, shaped like the sandbox gateway's (its checksum is not computed: the picture is only looked at). */
const PAYLOAD = '00020101021230650016A00000067701011201150105540123456020208K7QP2X9A0305KBANK530376454071234.505802TH6304ABCD';

const openQr = {
  qrcodeId: QR_ID,
  hasQrcode: true,
  qrcode: await QRCode.toString(PAYLOAD, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  payload: PAYLOAD,
  amount: 1234.5,
  expireIn: 569,
  message: null,
};
const noQr = { qrcodeId: null, hasQrcode: false, qrcode: null, payload: null, amount: null, expireIn: null, message: null };
const slip = (status: 'processing' | 'success' | 'failed', extra: object = {}) => ({
  slip: {
    createdAt: new Date().toISOString(),
    amount: null,
    status,
    note: null,
    link: `/api/statement/slip/reference/${SLIP_ID}`,
    reference: SLIP_ID,
    ...extra,
  },
});

export const DEPOSIT_MOCKS: Record<string, unknown> = {
  '/api/lookup/deposit': {
    banks: [
      {
        bank: { nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
        bankCode: 'KBANK',
        bankType: 'DEPOSIT',
        bankAccountName: 'JETTON DEMO CO LTD',
        bankAccountNo: '0123456789',
        currency: 'THB',
        mode: 'AUTO',
      },
    ],
    wallets: [{ walletAccountName: '0891234567', mode: 'AUTO' }],
    isManual: false,
  },
  '/api/qrcode/KBANK': noQr,
  '/api/qrcode/WW': noQr,
  '/api/qrcode/PAYTIMZ': noQr,
  '/api/qrcode/PAYONEX': noQr,
  '/api/qrcode/ZPAY': noQr,
  '/api/wallet/slip': slip('processing'),
  [`/api/wallet/slip/${SLIP_ID}`]: slip('processing'),
};

/** Per-screen changes: a QR open and still unpaid, the same QR paid, a slip credited or refused. */
export const DEPOSIT_STATES = {
  qrOpen: {
    '/api/qrcode/KBANK': openQr,
    [`/api/qrcode/status/${QR_ID}`]: { qrcodeId: QR_ID, provider: 'KBANK', status: 'open', amount: 1234.5 },
  },
  qrPaid: {
    '/api/qrcode/KBANK': openQr,
    [`/api/qrcode/status/${QR_ID}`]: { qrcodeId: QR_ID, provider: 'KBANK', status: 'paid', amount: 1234.5 },
  },
  slipRefused: { [`/api/wallet/slip/${SLIP_ID}`]: slip('failed', { note: 'SLIP_REFNO_DUPLICATED' }) },
} satisfies Record<string, Record<string, unknown>>;

/** A tiny PNG to choose as the slip (the mocks never read it). */
export const SLIP_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);
