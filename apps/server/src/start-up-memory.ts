import { setFlagsFromString } from 'node:v8';

/**
 * Memory at rest (issue 15: under 250 MB) is mostly what start-up left behind, which V8 and the C
 * library keep:
 * - V8 doubles the young generation's semi-spaces after busy scavenges and never shrinks them. Start-up
 *   allocates in one burst (some 5 MB of bundled code, the migrations), which left 30-50 MB of empty
 *   heap. Growth is held off until the server is ready; then requests grow them as they need.
 * - PGlite's WASM (PostgreSQL) was compiled by one V8 task per core; each task's scratch memory stayed
 *   in a malloc arena of its own thread (40-60 MB). One task compiles it as fast on two cores.
 * Both are read by V8 when used, so setting them before the server's code loads takes effect.
 */
export function setUpStartUpMemory(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--wasm-num-compilation-tasks=1');
}

/** Once the server is ready: the young generation grows again as traffic needs (2 is V8's default). */
export function allowYoungGenerationGrowth(): void {
  setFlagsFromString('--semi-space-growth-factor=2');
}
