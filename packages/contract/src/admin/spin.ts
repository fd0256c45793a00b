import { z } from 'zod';
import { ZSpinWheelConfig } from '../spin.ts';
import { text } from '../text.ts';

/** The back office's prize wheel shapes (docs/spin.md, "Configuration"). */

/** GET /spin/wheel?version=: the newest version (or the one asked for), as the configuration an operator edits. */
export const ZAdminWheelQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

const ZAdminWheel = ZSpinWheelConfig.extend({ version: z.number().int(), createdAt: z.iso.datetime() });
export type TAdminWheel = z.infer<typeof ZAdminWheel>;

/** No wheel saved yet answers `wheel: null`. */
export const ZAdminWheelResponse = z.object({ wheel: ZAdminWheel.nullable() });
export type TAdminWheelResponse = z.infer<typeof ZAdminWheelResponse>;

/** PUT /spin/wheel/active: on or off, a new version with the same slices. */
export const ZAdminWheelActiveRequest = z.object({ active: z.boolean() });

/** GET /spin/wheel/report?version=: a version's draws per slice against its weights, with Pearson's chi-square. */
export const ZAdminDrawReport = z.object({
  version: z.number().int(),
  draws: z.number().int(),
  statistic: z.number(),
  degreesOfFreedom: z.number().int(),
  pValue: z.number(),
  /** Draws on a slice of weight 0: should always be 0. */
  impossible: z.number().int(),
  slices: z.array(
    z.object({ code: text(), label: text(), weight: z.number().int(), expectedShare: z.number(), observed: z.number().int() }),
  ),
});
export type TAdminDrawReport = z.infer<typeof ZAdminDrawReport>;
