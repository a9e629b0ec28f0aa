// Preloaded into the server bench/server-memory.ts measures (node --import): answers its 'measure'
// message with this process's memory, before and after a full garbage collection. Plain JavaScript,
// so the compiled server is measured without a TypeScript loader in memory.
process.on('message', (message) => {
  if (message?.type !== 'measure') return;
  const { rss } = process.memoryUsage();
  globalThis.gc?.();
  const after = process.memoryUsage();
  process.send?.({ type: 'memory', memory: { rss, rssAfterGc: after.rss, heapUsedAfterGc: after.heapUsed } });
});
