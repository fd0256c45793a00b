/** The prerender's one entry (build/prerender-plugin.ts): every page rendered at build time. */
export { renderHomePage } from './home-page';
export { renderLoginPage } from './login-page';
