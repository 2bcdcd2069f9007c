/**
 * A new task, so the browser may paint and answer a tap in between (scheduler.yield where there is
 * one, which also keeps this work ahead of others' tasks).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // Closed once used: an open port would keep Node (the build's prerender, the server's render,
      // which import modules that use this) running for ever.
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
