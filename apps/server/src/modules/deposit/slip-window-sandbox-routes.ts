import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTINGS_SECTIONS } from '@jetton/contract/admin/settings';
import { mergeRulesOverride } from '../lookup/cached-rules.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { DEPOSIT_RULES_KEY, ZDepositRules, type DepositRulesSource } from './deposit-rules.ts';

const SLIP_WINDOW_PATH = '/sandbox/ops/slip-window';

/**
 * The operator stand-in's slip closed window (docs/sandbox.md, "Operator
 * stand-in"): what the back office's settings form does, without login or
 * audit, for scripts and browser tests that must upload slips at any hour.
 * GET answers the window this node applies now (through its settings cache),
 * so a caller can wait until a change has reached it.
 */
export function registerSlipWindowSandboxRoutes(app: FastifyInstance, deps: { settings: SettingsRepository; rules: DepositRulesSource }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(SLIP_WINDOW_PATH, { schema: { hide: true } }, async () => {
    const rules = await deps.rules.get();
    return { from: rules.slipClosedFrom, to: rules.slipClosedTo };
  });
  r.put(SLIP_WINDOW_PATH, { schema: { hide: true, body: SETTINGS_SECTIONS.slipWindow } }, async (request) => {
    await mergeRulesOverride(deps.settings, DEPOSIT_RULES_KEY, ZDepositRules, {
      slipClosedFrom: request.body.from,
      slipClosedTo: request.body.to,
    });
    return request.body;
  });
}
