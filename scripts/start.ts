/**
 * `npm start`: builds the web app and the back office when needed, then serves site and API on
 * http://localhost:8080 on the embedded database (or DATABASE_URL when set).
 */
import { existsSync } from 'node:fs';
import { localUploadsRefusal, sandboxRefusal } from '../apps/server/src/config.ts';
import { templatePath } from './prepare-db-template.ts';
import { ensureWebBuild } from './web-build.ts';

// Before the web build: a refused configuration says so at once (the server says it again).
const refusal = sandboxRefusal(process.env) ?? localUploadsRefusal(process.env);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
ensureWebBuild(process.env.WEB_VARIANT === 'lao' ? 'lao' : 'default');
ensureWebBuild('admin');
const template = templatePath();
if (!process.env.EMBEDDED_TEMPLATE && existsSync(template)) process.env.EMBEDDED_TEMPLATE = template;
await import('../apps/server/src/main.ts');
