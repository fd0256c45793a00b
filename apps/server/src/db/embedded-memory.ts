/**
 * PostgreSQL settings for the embedded engine on disk that bound what it keeps
 * in memory. PGlite starts with PostgreSQL's server defaults, sized for a
 * machine given over to the database: 128 MB of shared buffers, which inside
 * WebAssembly are linear memory that fills as pages are read and is never given
 * back, and 64 MB for maintenance work (vacuum, index builds). In one Node
 * process beside the app that is most of the node's resident memory after a
 * while. The data files are read through Node's file system, so the operating
 * system's page cache still holds what the buffers no longer do, outside the
 * process. Measured by `npm run bench -- memory` (docs/performance.md,
 * "Server memory").
 */
export const EMBEDDED_MEMORY_PARAMS: readonly string[] = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];
