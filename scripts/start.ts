/**
 * `npm start`: builds the web app when needed, then serves site and API on
 * http://localhost:8080 on the embedded database (or DATABASE_URL when set).
 */
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild(process.env.WEB_VARIANT === 'lao' ? 'lao' : 'default');
await import('../apps/server/src/main.ts');
