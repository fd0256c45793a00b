/**
 * LINE's documented examples rewritten as data (ids shortened where the
 * pages elide them). Read on developers.line.biz: "Retry failed API requests"
 * (docs/messaging-api/retrying-api-request), the Messaging API reference
 * "Send push message" and "Webhook event objects", and "Verify webhook
 * signature" (docs/messaging-api/verify-webhook-signature).
 */

/** The push the retry page sends with X-Line-Retry-Key. */
export const PUSH_RETRY_KEY = '123e4567-e89b-12d3-a456-426614174000';
export const PUSH_REQUEST = {
  to: 'U4af4980629a0b1c2d3e4f5a6b7c8d9e0',
  messages: [
    { type: 'text', text: 'Hello, world1' },
    { type: 'text', text: 'Hello, world2' },
  ],
};
/** The push answer: one sentMessages item per message (id, quoteToken). */
export const PUSH_RESPONSE_KEYS = ['sentMessages'];
export const SENT_MESSAGE_KEYS = ['id', 'quoteToken'];
/** A second request with an accepted retry key: 409 and this message (with the first request's sentMessages). */
export const RETRY_CONFLICT_MESSAGE = 'The retry key is already accepted';

/** A text message event from a user, as the webhook reference shows it. */
export const WEBHOOK_BODY = {
  destination: 'xxxxxxxxxx',
  events: [
    {
      replyToken: 'nHuyWiB7yP5Zw52FIkcQobQuGDXCTA',
      type: 'message',
      mode: 'active',
      timestamp: 1462629479859,
      source: { type: 'user', userId: 'U4af4980629a0b1c2d3e4f5a6b7c8d9e0' },
      webhookEventId: '01FZ74A0TDDPYRVKNK77XKC3ZR',
      deliveryContext: { isRedelivery: false },
      message: { id: '444573844083572737', type: 'text', quoteToken: 'q3Plxr4AgKd', text: 'Hello, world!' },
    },
  ],
};
