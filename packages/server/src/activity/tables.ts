/** The activity indexer's tables (migration 002_activity). */
// biome-ignore lint/complexity/noBannedTypes: filled in by the indexer's migration
export type ActivityTables = {}
