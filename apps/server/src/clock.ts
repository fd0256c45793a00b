/** Time as a dependency, so tests can move it (OTP windows, lockouts, expiry). */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
