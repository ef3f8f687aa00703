// What a bench started (processes, clusters, scratch directories), undone in reverse order at the
// end, on failure and on Ctrl-C.
const cleanups = [];

let listening = false;

/**
 * Registers one undo step; the last registered runs first. The first one also makes Ctrl-C and
 * SIGTERM undo everything: a process that only imports this file (bench-api.mjs run as its own
 * bare server) keeps its own signal handling.
 */
export function onCleanUp(step) {
  cleanups.push(step);
  if (listening) return;
  listening = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      console.error(`\n${signal}: stopping`);
      await cleanUp();
      process.exit(130);
    });
  }
}

export async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`clean-up: ${error.message}`);
    }
  }
}
