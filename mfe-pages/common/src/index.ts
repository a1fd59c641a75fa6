// @accent/pages-common: the Pages area's domain (blocks, canvas components, stored pages, the public page
// API), used by the server and mfe-pages. Bundled into the remote, never a federation shared module.
// The zod-free part is also its own entry (@accent/pages-common/basics) for the published page bundle.
export * from './pages.js';
