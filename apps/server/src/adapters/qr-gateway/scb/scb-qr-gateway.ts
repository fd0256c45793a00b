import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../clock.ts';
import { ProviderError } from '../../games/game-provider.ts';
import { providerRequest, type ProviderResponse } from '../../games/provider-http.ts';
import { QrGatewayError, type QrGateway, type QrInquiry, type QrPayment } from '../qr-gateway.ts';
import {
  bangkokDate,
  qrIdToRefs,
  refsToQrId,
  SCB_EVENT_QR30,
  SCB_PATHS,
  SCB_SUCCESS,
  scbAmount,
  scbAmountToMinor,
  ZScbCreated,
  ZScbEnvelope,
  ZScbInquiryItem,
  ZScbToken,
  type ScbCreateRequest,
  type ScbInquiryItem,
} from './scb-protocol.ts';

export type ScbSettings = {
  /** e.g. https://api-sandbox.partners.scb/partners/sandbox (SCB's sandbox) or the production base. */
  baseUrl: () => string;
  apiKey: string;
  apiSecret: string;
  /** The merchant's 15-digit PromptPay biller id. */
  billerId: string;
  /** ref3: SCB routes the confirmation to the endpoint registered for this prefix. */
  ref3: string;
};

/** Renew this long before SCB's expiresAt: a token that dies in flight costs a retry. */
const RENEW_EARLY_MS = 60_000;

/**
 * SCB's QR API as a QrGateway: an OAuth token (cached until shortly before it
 * expires, renewed once when SCB answers 401), a Thai QR tag 30 for the amount
 * with our QR id as ref1+ref2, and the bill-payment inquiry. SCB has no cancel:
 * a QR we closed is never credited (qr-service), whatever is paid to it.
 */
export function createScbQrGateway(deps: ScbSettings & { clock: Clock; timeoutMs?: number; signal?: AbortSignal }): QrGateway & {
  inquire(input: QrInquiry): Promise<QrPayment | undefined>;
} {
  const timeoutMs = deps.timeoutMs ?? 5_000;
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const baseHeaders = () => ({ resourceOwnerId: deps.apiKey, requestUId: randomUUID(), 'accept-language': 'EN' });

  async function call(method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>): Promise<ProviderResponse> {
    try {
      return await providerRequest(`${deps.baseUrl()}${path}`, { method, headers, body, timeoutMs, signal: deps.signal });
    } catch (error) {
      // The message names the URL and the failure, never a header or the secret.
      if (error instanceof ProviderError) throw new QrGatewayError(`SCB ${path}: ${error.message}`);
      throw error;
    }
  }

  async function fetchToken(): Promise<string> {
    const response = await call('POST', SCB_PATHS.token, { applicationKey: deps.apiKey, applicationSecret: deps.apiSecret }, baseHeaders());
    const envelope = ZScbEnvelope.safeParse(response.body);
    const data = envelope.success && envelope.data.status.code === SCB_SUCCESS ? ZScbToken.safeParse(envelope.data.data) : undefined;
    if (response.status !== 200 || !data?.success) throw new QrGatewayError(`SCB token: answered ${response.status} ${describe(response)}`);
    const expiresAtMs = Math.min(data.data.expiresAt * 1000, deps.clock.now().getTime() + data.data.expiresIn * 1000);
    token = { value: data.data.accessToken, renewAt: expiresAtMs - RENEW_EARLY_MS };
    return token.value;
  }

  /** One token request at a time per node: concurrent callers share it. */
  async function accessToken(): Promise<string> {
    if (token && deps.clock.now().getTime() < token.renewAt) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** An authorised call; a 401 (token expired or revoked early) drops the cached token and tries once more. */
  async function authorised(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderResponse> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const response = await call(method, path, body, { ...baseHeaders(), authorization: `Bearer ${bearer}` });
      if (response.status !== 401 || attempt > 0) return response;
      if (token?.value === bearer) token = undefined;
    }
  }

  function ok(response: ProviderResponse): unknown {
    const envelope = ZScbEnvelope.safeParse(response.body);
    if (response.status !== 200 || !envelope.success || envelope.data.status.code !== SCB_SUCCESS)
      throw new QrGatewayError(`SCB answered ${response.status} ${describe(response)}`);
    return envelope.data.data;
  }

  return {
    async create(input) {
      if (input.currency !== 'THB') throw new QrGatewayError('SCB issues THB QRs only');
      const { ref1, ref2 } = qrIdToRefs(input.qrcodeId);
      const request: ScbCreateRequest = {
        qrType: 'PP',
        ppType: 'BILLERID',
        ppId: deps.billerId,
        amount: scbAmount(input.amount),
        ref1,
        ref2,
        ref3: deps.ref3,
      };
      const created = ZScbCreated.safeParse(ok(await authorised('POST', SCB_PATHS.create, request)));
      if (!created.success) throw new QrGatewayError('SCB create: no qrRawData in the answer');
      return { payload: created.data.qrRawData };
    },

    // SCB's QR 30 has no cancel call: closing is ours alone (qr-service never credits a closed QR).
    async cancel() {},

    async inquire(input) {
      const { ref1, ref2 } = qrIdToRefs(input.qrcodeId);
      // A QR open across midnight in Bangkok may have been paid on either day.
      const days = [...new Set([bangkokDate(input.createdAt), bangkokDate(input.expiresAt)])];
      for (const day of days) {
        const query = new URLSearchParams({
          eventCode: SCB_EVENT_QR30,
          transactionDate: day,
          billerId: deps.billerId,
          reference1: ref1,
          reference2: ref2,
        });
        const response = await authorised('GET', `${SCB_PATHS.inquiry}?${query.toString()}`);
        const data = ok(response);
        const items = Array.isArray(data) ? data : [];
        for (const raw of items) {
          const item = ZScbInquiryItem.safeParse(raw);
          if (!item.success) throw new QrGatewayError('SCB inquiry: malformed transaction');
          const found = toPayment(item.data, deps.billerId);
          if (found?.qrcodeId === input.qrcodeId) return found;
        }
      }
      return undefined;
    },
  };
}

/** An inquiry item as a payment of one of our QRs; a reversed one or another biller's is none. */
function toPayment(item: ScbInquiryItem, billerId: string): QrPayment | undefined {
  if (item.reverseFlag === 'Y' || item.payeeProxyId !== billerId) return undefined;
  const qrcodeId = refsToQrId(item.billPaymentRef1, item.billPaymentRef2);
  const amount = scbAmountToMinor(item.amount);
  const paidAt = new Date(item.transactionDateandTime);
  if (!qrcodeId || amount === undefined || Number.isNaN(paidAt.getTime())) return undefined;
  return { qrcodeId, amount, paidAt, providerRef: item.transactionId };
}

/** SCB's status code and description, for logs: never a token. */
function describe(response: ProviderResponse): string {
  const envelope = ZScbEnvelope.safeParse(response.body);
  return envelope.success ? `${envelope.data.status.code} ${envelope.data.status.description}` : '(no SCB status)';
}
