/**
 * The environment of the browser tests' third server: the real-protocol adapters (EasySlip,
 * ThaiBulkSMS) pointed at their simulators, with keys the test knows so it can ask the simulators
 * what the site asked (README, "Real services").
 */
export const REAL_PROTOCOL_ENV = {
  SLIP_VERIFIER: 'easyslip',
  EASYSLIP_API_KEY: 'e2e-easyslip-access-token',
  SMS_GATEWAY: 'thaibulksms',
  THAIBULKSMS_API_KEY: 'e2e-thaibulksms-key',
  THAIBULKSMS_API_SECRET: 'e2e-thaibulksms-secret',
  THAIBULKSMS_SENDER: 'JETTON',
} as const;
