/**
 * SCB's documented examples, rewritten as data (values as the pages show
 * them, placeholders like "<Your API Key>" replaced by test values). Read on
 * developer.scb / developer.scb.co.th, API reference "QR Payments" and
 * "Authentication", and documentation "Payment Confirmation" (docs/deposits.md
 * names the pages and when they were read).
 */

/** POST /v1/oauth/token: assets/documents/api-reference-index/authentication/post-oauth-token.html */
export const TOKEN_REQUEST = {
  headers: { 'content-type': 'application/json', 'accept-language': 'EN', requestUId: '85230887-e643-4fa4-84b2-4e56709c4ac4' },
  body: { applicationKey: '<You API Key>', applicationSecret: '<Your API Secret>' },
};
export const TOKEN_RESPONSE = {
  status: { code: 1000, description: 'Success' },
  data: { accessToken: '7b9ff0c1-6ad4-4bb3-8e28-ff1a3f4e1eb5', tokenType: 'Bearer', expiresIn: 1800, expiresAt: 1591260604 },
};

/** POST /v1/payment/qrcode/create, QR 30 (PromptPay biller): assets/documents/api-reference-index/qr-payments/post-qrcode-create*.html */
export const CREATE_REQUEST = {
  qrType: 'PP',
  ppType: 'BILLERID',
  ppId: '123456789012345',
  amount: '100.00',
  ref1: 'REFERENCE1',
  ref2: 'REFERENCE2',
  ref3: 'SCB',
};
export const CREATE_RESPONSE = {
  status: { code: 1000, description: 'Success' },
  data: {
    qrRawData:
      '00020101021230830016A00000067701011201151234567890123450210REFERENCE10310REFERENCE253037645406100.005802TH62100706SCB0016304A1B2',
    qrImage: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk',
  },
};

/** The payment confirmation SCB posts for a QR 30 payment: assets/documents/documentation/qr-payment/payment-confirmation.html */
export const CONFIRMATION = {
  payeeProxyId: '123456789012345',
  payeeProxyType: 'BILLERID',
  payeeAccountNumber: '0987654321',
  payeeName: 'Merchant Name',
  payerAccountNumber: '0123456789',
  payerName: 'Customer Name',
  sendingBankCode: '014',
  receivingBankCode: '014',
  amount: '100.00',
  transactionId: '50dc0a4d4e334ad0a9e0',
  transactionDateandTime: '2019-07-12T10:51:00.000+07:00',
  billPaymentRef1: 'REFERENCE1',
  billPaymentRef2: 'REFERENCE2',
  billPaymentRef3: 'SCB',
  currencyCode: '764',
  channelCode: 'PMH',
  transactionType: 'Domestic Transfers',
};
/** What the merchant answers (same page, "Response"). */
export const CONFIRMATION_ANSWER = { resCode: '00', resDesc: 'success', transactionId: '50dc0a4d4e334ad0a9e0' };

/** GET /v1/payment/billpayment/inquiry: assets/documents/api-reference-index/qr-payments/get-billpayment-inquiry.html */
export const INQUIRY_QUERY = {
  eventCode: '00300100',
  transactionDate: '2019-10-28',
  billerId: '123456789012345',
  reference1: 'REFERENCE1',
  reference2: 'REFERENCE2',
};
export const INQUIRY_RESPONSE = {
  status: { code: 1000, description: 'Success' },
  data: [
    {
      eventCode: '00300100',
      transactionType: 'Domestic Transfers',
      reverseFlag: 'N',
      payeeProxyId: '123456789012345',
      payeeProxyType: 'BILLERID',
      payeeAccountNumber: '0987654321',
      payeeName: 'Merchant Name',
      payerAccountNumber: '0123456789',
      payerName: 'Customer Name',
      sendingBankCode: '014',
      receivingBankCode: '014',
      amount: '100.00',
      transactionId: '50dc0a4d4e334ad0a9e0',
      transactionDateandTime: '2019-10-28T10:43:29.000+07:00',
      billPaymentRef1: 'REFERENCE1',
      billPaymentRef2: 'REFERENCE2',
      billPaymentRef3: 'SCB',
      currencyCode: '764',
      channelCode: 'PMH',
    },
  ],
};
