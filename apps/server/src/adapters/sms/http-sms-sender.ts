import { SMS_SANDBOX_PATH, type SmsSender } from './sms-sender.ts';

/**
 * Sends through the gateway's HTTP API: POST {to, text} to `<base>/sandbox/sms/messages`.
 * By default the base is this server (the simulator, over loopback), so the
 * timeout and failure paths are real; SANDBOX_BASE_URL points it elsewhere.
 */
export function createHttpSmsSender(deps: { baseUrl: () => string; timeoutMs?: number; signal?: AbortSignal }): SmsSender {
  const timeoutMs = deps.timeoutMs ?? 5_000;
  return {
    async send(phone, text) {
      const response = await fetch(`${deps.baseUrl()}${SMS_SANDBOX_PATH}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: phone, text }),
        signal: deps.signal ? AbortSignal.any([AbortSignal.timeout(timeoutMs), deps.signal]) : AbortSignal.timeout(timeoutMs),
      });
      // Drain the body so the connection returns to the pool.
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}
