import { afterEach, describe, expect, it, vi } from "vitest";
import { AnonymousGate, type AnonymousGateOptions } from "./anonymous-gate";
import { DATABASE_BUSY_CODE, isDatabaseBusy, isDatabaseUnreachable } from "./outage";

/** Statements asked through a gate, with what each was answered (in the order of the answers). */
function harness(options: Partial<AnonymousGateOptions> = {}) {
  const gate = new AnonymousGate({ slots: 1, queueLimit: 10, waitMs: 3000, holdOffMs: 5000, ...options });
  const answers: Array<{ label: string; error: Error | null }> = [];
  const ask = (address: string, request: object, label: string) =>
    gate.enter(address, request, (error) => answers.push({ label, error }));
  const admitted = () => answers.filter((answer) => !answer.error).map((answer) => answer.label);
  const refused = () => answers.filter((answer) => answer.error).map((answer) => answer.label);
  return { gate, answers, ask, admitted, refused };
}

describe("AnonymousGate: the anonymous share of the pool", () => {
  afterEach(() => vi.useRealTimers());

  it("lets `slots` statements hold a connection at once; the next waits for one to leave", () => {
    const { gate, ask, admitted } = harness({ slots: 2 });
    const request = {};
    ask("a", request, "1");
    ask("a", request, "2");
    ask("a", request, "3");
    expect(admitted()).toEqual(["1", "2"]);
    expect(gate.load).toEqual({ holding: 2, waiting: 1 });
    gate.leave();
    expect(admitted()).toEqual(["1", "2", "3"]);
    expect(gate.load).toEqual({ holding: 2, waiting: 0 });
  });

  it("serves waiting statements address by address, then request by request", () => {
    const { gate, ask, admitted } = harness();
    const [heavy, other, visitor] = [{}, {}, {}];
    ask("attacker", heavy, "holder");
    for (let n = 1; n <= 4; n++) ask("attacker", heavy, `heavy ${n}`);
    ask("attacker", other, "other 1");
    ask("visitor", visitor, "visitor");
    for (let n = 0; n < 6; n++) gate.leave();
    // The visitor's one statement comes second, not after the attacker's five.
    expect(admitted()).toEqual(["holder", "heavy 1", "visitor", "other 1", "heavy 2", "heavy 3", "heavy 4"]);
  });

  it("when the queue is full, refuses the heaviest client's request whole, not the newcomer", () => {
    const { gate, ask, admitted, refused, answers } = harness({ queueLimit: 4 });
    const [heavy, visitor] = [{}, {}];
    ask("attacker", heavy, "holder");
    for (let n = 1; n <= 4; n++) ask("attacker", heavy, `heavy ${n}`);
    ask("visitor", visitor, "visitor");
    expect(refused()).toEqual(["heavy 1", "heavy 2", "heavy 3", "heavy 4"]);
    // A refused request's later statements are refused at once: its answer is a 503 anyway.
    ask("attacker", heavy, "heavy 5");
    expect(refused()).toContain("heavy 5");
    gate.leave();
    expect(admitted()).toEqual(["holder", "visitor"]);
    // The attacker's address is turned away at once for its Retry-After; the visitor's is not.
    expect(gate.holdsOff("attacker")).toBe(true);
    expect(gate.holdsOff("visitor")).toBe(false);
    for (const { error } of answers.filter((answer) => answer.error)) {
      expect(error).toMatchObject({ code: DATABASE_BUSY_CODE });
      expect(isDatabaseUnreachable(error)).toBe(true);
      expect(isDatabaseBusy(error)).toBe(true);
    }
  });

  it("within one address (a shared network), refuses its heaviest request for a lighter one", () => {
    const { gate, ask, refused } = harness({ queueLimit: 3 });
    const [heavy, light] = [{}, {}];
    ask("office", heavy, "holder");
    for (let n = 1; n <= 3; n++) ask("office", heavy, `heavy ${n}`);
    ask("office", light, "light");
    expect(refused()).toEqual(["heavy 1", "heavy 2", "heavy 3"]);
    // The network's other clients are not held off for one of its requests.
    expect(gate.holdsOff("office")).toBe(false);
  });

  it("refuses the newcomer when it would be the heaviest client itself", () => {
    const { gate, ask, refused } = harness({ queueLimit: 2 });
    const [a, b, c] = [{}, {}, {}];
    ask("a", a, "holder");
    ask("a", a, "a 1");
    ask("b", b, "b 1");
    ask("c", c, "c 1");
    expect(refused()).toEqual(["c 1"]);
    // A newcomer among equals took nothing more than its share: refused, not held off.
    expect(gate.holdsOff("c")).toBe(false);
    ask("a", a, "a 2");
    expect(refused()).toEqual(["c 1", "a 1", "a 2"]);
    expect(gate.holdsOff("a")).toBe(true);
  });

  it("fails a statement that waited past its bound, and the rest of its request with it", () => {
    vi.useFakeTimers();
    const { gate, ask, refused } = harness();
    const [holder, slow] = [{}, {}];
    ask("a", holder, "holder");
    ask("b", slow, "slow 1");
    vi.advanceTimersByTime(1500);
    ask("b", slow, "slow 2");
    vi.advanceTimersByTime(1499);
    expect(refused()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(refused()).toEqual(["slow 1", "slow 2"]);
    expect(gate.load).toEqual({ holding: 1, waiting: 0 });
    // Waiting long is the portal's load, not the client's fault: no hold-off.
    expect(gate.holdsOff("b")).toBe(false);
  });

  it("holds an address off for `holdOffMs`, then lets it in again", () => {
    vi.useFakeTimers();
    const { gate, ask } = harness({ queueLimit: 2 });
    const [heavy, visitor] = [{}, {}];
    ask("attacker", heavy, "holder");
    ask("attacker", heavy, "heavy 1");
    ask("attacker", heavy, "heavy 2");
    ask("visitor", visitor, "visitor");
    expect(gate.holdsOff("attacker")).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(gate.holdsOff("attacker")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(gate.holdsOff("attacker")).toBe(false);
  });

  it("runs a read once it has a slot, and gives the slot back however the read ends", async () => {
    const { gate } = harness();
    const request = {};
    let finish: (value: string) => void = () => undefined;
    const first = gate.run("a", request, () => new Promise<string>((resolve) => (finish = resolve)));
    await Promise.resolve();
    const second = gate.run("b", {}, async () => "second");
    expect(gate.load).toEqual({ holding: 1, waiting: 1 });
    finish("first");
    expect(await first).toBe("first");
    expect(await second).toBe("second");
    await expect(gate.run("c", {}, () => Promise.reject(new Error("échec")))).rejects.toThrow("échec");
    expect(gate.load).toEqual({ holding: 0, waiting: 0 });
  });
});
