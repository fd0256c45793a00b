/**
 * `npm start`: builds the web app and the back office when needed, then serves site and API on
 * http://localhost:8080 on the embedded database (or DATABASE_URL when set).
 */
import { existsSync } from 'node:fs';
import { templatePath } from './prepare-db-template.ts';
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild(process.env.WEB_VARIANT === 'lao' ? 'lao' : 'default');
ensureWebBuild('admin');
const template = templatePath();
if (!process.env.EMBEDDED_TEMPLATE && existsSync(template)) process.env.EMBEDDED_TEMPLATE = template;
await import('../apps/server/src/main.ts');
