// What a bench started (processes, clusters, scratch directories), undone in reverse order at the
// end, on failure and on Ctrl-C.
const cleanups = [];

/** Registers one undo step; the last registered runs first. */
export function onCleanUp(step) {
  cleanups.push(step);
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

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping`);
    await cleanUp();
    process.exit(130);
  });
}
