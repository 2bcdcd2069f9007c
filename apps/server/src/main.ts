// The server's entry (`pnpm start` runs its bundle, dist/main.js). The memory settings must
// be in place before the server's code is even loaded, so that code comes in by a dynamic import:
// static imports would all be evaluated before this module's first line.
import { setUpStartUpMemory } from './start-up-memory';

setUpStartUpMemory();
await import('./serve');
