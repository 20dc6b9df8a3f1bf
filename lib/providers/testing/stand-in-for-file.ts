import { afterAll, beforeAll, beforeEach } from "vitest";
import { type StandInProvider, type StandInResponder, startStandInProvider } from "./stand-in-provider";

// One stand-in provider for a Vitest file: started before its tests, closed after them, and before
// each test emptied of requests and set back to `responder`. The handle stands for the running
// provider, so read it inside tests and hooks only.

export function startStandInForFile(responder: StandInResponder): StandInProvider {
  let running: StandInProvider | null = null;
  const current = () => {
    if (!running) throw new Error("The stand-in provider runs only while the file's tests do.");
    return running;
  };
  beforeAll(async () => {
    running = await startStandInProvider();
  });
  afterAll(() => running?.close());
  beforeEach(() => {
    current().requests.length = 0;
    current().respondWith(responder);
  });
  return new Proxy({} as StandInProvider, { get: (_, property) => Reflect.get(current(), property) });
}
