import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/app-error.ts';
import type { MemberRepository } from '../account/member-repository.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { Signer } from '../auth/signer.ts';

/** Room names are `<PREFIX><userId|guestId>` (GET /api/chat/config hands PREFIX to the client). */
export const CHAT_ROOM_PREFIX = 'jetton-chat-';

/** A member's `sessionId` is the session their token proved: their sockets close when it ends. */
export type ChatIdentity =
  { kind: 'member'; memberId: string; name: string; username: string; sessionId: string } | { kind: 'guest'; guestId: string };

export type ChatCredentials = { bearer?: string | undefined; guestToken?: string | undefined };
export type ChatClaim = { userId?: string | null | undefined; guestId?: string | null | undefined };

const GUEST_ID = /^g-[0-9a-f]{32}$/;

export function roomOf(identity: ChatIdentity): string {
  return `${CHAT_ROOM_PREFIX}${identity.kind === 'member' ? identity.memberId : identity.guestId}`;
}

/**
 * Proven identity (docs/chat.md, "Identity"): a member by their bearer token, a
 * guest by a token this server signed over its guest id. Ids in a request body
 * are only claims, checked against the proof; nothing is taken on trust.
 */
export function createChatIdentity(deps: { auth: AuthService; members: MemberRepository; signer: Signer }) {
  const { auth, members, signer } = deps;

  function verifyGuest(token: string): string | null {
    const guestId = signer.verify('chat-guest', token);
    return guestId && GUEST_ID.test(guestId) ? guestId : null;
  }

  return {
    /** A new guest: a random id and the token that proves it. */
    issueGuest(): { guestId: string; token: string } {
      const guestId = `g-${randomBytes(16).toString('hex')}`;
      return { guestId, token: signer.sign('chat-guest', guestId) };
    },

    verifyGuest,

    /**
     * The caller behind the credentials. A bearer token wins; a bad one is
     * `invalid-token` (the member's session is over). A missing or forged guest
     * token is UNAUTHORIZED.
     */
    async resolve(credentials: ChatCredentials): Promise<ChatIdentity> {
      if (credentials.bearer) {
        const session = await auth.authenticate(credentials.bearer);
        const member = session ? await members.findById(session.memberId) : undefined;
        if (!session || !member) throw new AppError('invalid-token');
        return { kind: 'member', memberId: member.id, name: member.name, username: member.phone, sessionId: session.sessionId };
      }
      const guestId = credentials.guestToken ? verifyGuest(credentials.guestToken) : null;
      if (!guestId) throw new AppError('UNAUTHORIZED');
      return { kind: 'guest', guestId };
    },

    /** Refuses a request whose userId / guestId names anyone but the proven caller (INVALID_USER_1). */
    checkClaim(identity: ChatIdentity, claim: ChatClaim): void {
      const own = identity.kind === 'member' ? { userId: identity.memberId, guestId: null } : { userId: null, guestId: identity.guestId };
      const userOk = claim.userId == null || claim.userId === '' || claim.userId === own.userId;
      const guestOk = claim.guestId == null || claim.guestId === '' || claim.guestId === own.guestId;
      if (!userOk || !guestOk) throw new AppError('INVALID_USER_1');
    },
  };
}
export type ChatIdentityService = ReturnType<typeof createChatIdentity>;
