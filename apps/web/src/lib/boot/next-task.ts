/**
 * Runs `step` in a task of its own, after what the browser has waiting (input first): the app's start-up is
 * several steps, each short, rather than one task a phone is frozen in for hundreds of milliseconds.
 */
export function inNextTask(step: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    step();
  };
  channel.port2.postMessage(undefined);
}
