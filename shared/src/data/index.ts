// @accent/shared/data: table access for the remotes (DESIGN.md §4 "The data gateway", §5): the one
// supabase-js client of the page and the small helpers every area's data services are built with (the
// services themselves live in their areas).
export {
  getDataClient,
  createDataClient,
  loadDataConfig,
  refreshingFetch,
  resolveDataUrl,
  readDataConfig,
  DATA_CLIENT_GLOBAL_KEY,
  type DataConfig,
  type DataClientOptions,
  type SupabaseClient,
} from './client.js';
export { attempt, strict, databaseError, NOT_FOUND_CODE, type DataClientSource, type DbError, type DbResult } from './query.js';
