import { DATABASE_BUSY_CODE } from "./outage";

export interface AnonymousGateOptions {
  /** Reads that anonymous requests may run at once (one connection each). */
  slots: number;
  /** Reads that may wait for a slot at once, every address together. */
  queueLimit: number;
  /** How long a read may wait for its turn (ms); then it fails as busy. */
  waitMs: number;
  /** How long an address refused for taking more than its share is turned away at once (ms). */
  holdOffMs: number;
}

/** Whether the read may go on (null), or why not (a DATABASE_BUSY error: answered 503). */
type Admit = (error: Error | null) => void;

interface Waiter {
  address: string;
  request: object;
  admit: Admit;
  timer: NodeJS.Timeout;
}

/** How many held-off addresses are kept before the spent ones are swept. */
const HELD_OFF_SWEEP = 10_000;

interface AddressQueue {
  waiting: number;
  /** Each request's waiting reads, oldest first; the map in turn order. */
  requests: Map<object, Waiter[]>;
}

/** A refusal: answered 503 (db/outage.ts). No stack: it is no fault, and thousands may come a second. */
function busy(why: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = Object.assign(new Error(`Anonymous database share busy: ${why}`), { code: DATABASE_BUSY_CODE });
  Error.stackTraceLimit = limit;
  return error;
}

/**
 * The share of the database that requests without a session get: their public reads (searches,
 * detail pages; app.ts), each one connection at most while it runs, `slots` at once; the rest of
 * the pool stays for signed-in accounts and the portal's own work. The others wait their turn,
 * taken address by address, then request by request within an address, so that a visitor's
 * search waits for at most one read of each other client, however many aliases those send. When
 * `queueLimit` reads already wait, the heaviest client (the address with the most waiting, or
 * within one address the request with the most) gives way to the newcomer, or the newcomer is
 * refused if it is that heaviest client. A refused request, or one whose read waited past
 * `waitMs`, is refused whole (its waiting reads and those to come): it is answered 503 with
 * Retry-After (db/outage.ts) anyway, and what it would still run is load for nothing. An address
 * refused for its weight is then held off for `holdOffMs`, the Retry-After it was told: its
 * requests without a session are answered 503 before any work (app.ts), so that a client sending
 * again at once costs the portal next to nothing. Nothing queues without end, nor starves the pool.
 */
export class AnonymousGate {
  private holding = 0;
  private waiting = 0;
  /** Waiting reads by address, in turn order (the next served first). */
  private readonly queues = new Map<string, AddressQueue>();
  private readonly refused = new WeakSet<object>();
  /** Addresses held off, and until when (ms since the epoch). */
  private readonly heldOff = new Map<string, number>();

  constructor(private readonly options: AnonymousGateOptions) {}

  /** Runs `read` for `request` (any object standing for it) from `address` once it has a slot. */
  async run<T>(address: string, request: object, read: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve, reject) =>
      this.enter(address, request, (refused) => (refused ? reject(refused) : resolve())),
    );
    try {
      return await read();
    } finally {
      this.leave();
    }
  }

  /** Asks a slot for one read of `request` (any object standing for it) from `address`. */
  enter(address: string, request: object, admit: Admit): void {
    if (this.refused.has(request)) {
      admit(busy("request already refused"));
      return;
    }
    if (this.holding < this.options.slots) {
      this.holding++;
      admit(null);
      return;
    }
    if (this.waiting >= this.options.queueLimit && !this.makeRoomFor(address, request)) {
      // Held off only if it was queueing already: a newcomer among equals did nothing wrong.
      this.refuse(address, request, "queue full", (this.queues.get(address)?.waiting ?? 0) > 0);
      admit(busy("queue full"));
      return;
    }
    const queue = this.queues.get(address) ?? { waiting: 0, requests: new Map<object, Waiter[]>() };
    this.queues.set(address, queue);
    const list = queue.requests.get(request) ?? [];
    queue.requests.set(request, list);
    const waiter: Waiter = {
      address,
      request,
      admit,
      timer: setTimeout(() => this.expire(waiter), this.options.waitMs),
    };
    list.push(waiter);
    queue.waiting++;
    this.waiting++;
  }

  /** A read admitted by `enter` is done. */
  leave(): void {
    this.holding--;
    while (this.holding < this.options.slots && this.waiting > 0) {
      const [address, queue] = this.queues.entries().next().value as [string, AddressQueue];
      const [request, list] = queue.requests.entries().next().value as [object, Waiter[]];
      const waiter = list.shift() as Waiter;
      // Served: the request goes to the end of its address's turn, the address to the end of all.
      queue.requests.delete(request);
      if (list.length > 0) queue.requests.set(request, list);
      this.queues.delete(address);
      if (queue.requests.size > 0) this.queues.set(address, queue);
      queue.waiting--;
      this.waiting--;
      clearTimeout(waiter.timer);
      this.holding++;
      waiter.admit(null);
    }
  }

  /** Whether `address` was refused for its weight within the last `holdOffMs`. */
  holdsOff(address: string): boolean {
    const until = this.heldOff.get(address);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.heldOff.delete(address);
    return false;
  }

  /** How many reads hold a slot and how many wait. */
  get load(): { holding: number; waiting: number } {
    return { holding: this.holding, waiting: this.waiting };
  }

  /**
   * The queue is full: the heaviest client's request that waits for the most reads is
   * refused, if it waits for more than the newcomer's would once in (else the newcomer is).
   */
  private makeRoomFor(address: string, request: object): boolean {
    const own = this.queues.get(address);
    let heaviest: [string, AddressQueue] | null = null;
    for (const entry of this.queues) if (!heaviest || entry[1].waiting > heaviest[1].waiting) heaviest = entry;
    if (heaviest && heaviest[1] !== own && heaviest[1].waiting > (own?.waiting ?? 0) + 1) {
      this.refuse(heaviest[0], longestOf(heaviest[1])[0], "queue full, heaviest address", true);
      return true;
    }
    if (!own) return false;
    // Within this address (one network: its other clients are not held off), a request waiting
    // for more than this one will gives way.
    const mine = own.requests.get(request)?.length ?? 0;
    const [longest, length] = longestOf(own);
    if (longest === request || length <= mine + 1) return false;
    this.refuse(address, longest, "queue full, heaviest request", false);
    return true;
  }

  private expire(waiter: Waiter): void {
    this.refuse(waiter.address, waiter.request, `no turn within ${this.options.waitMs} ms`, false);
  }

  /** Refuses a request: its waiting reads now, the others as they come; `holdOff`: its address too, a while. */
  private refuse(address: string, request: object, why: string, holdOff: boolean): void {
    this.refused.add(request);
    if (holdOff) this.holdOff(address);
    const queue = this.queues.get(address);
    const list = queue?.requests.get(request);
    if (!queue || !list) return;
    queue.requests.delete(request);
    queue.waiting -= list.length;
    this.waiting -= list.length;
    if (queue.waiting === 0) this.queues.delete(address);
    for (const waiter of list) {
      clearTimeout(waiter.timer);
      waiter.admit(busy(why));
    }
  }

  private holdOff(address: string): void {
    const now = Date.now();
    // Spent entries go when the map grows (an attack from many addresses), not one by one.
    if (this.heldOff.size >= HELD_OFF_SWEEP) {
      for (const [held, until] of this.heldOff) if (until <= now) this.heldOff.delete(held);
    }
    this.heldOff.set(address, now + this.options.holdOffMs);
  }
}

/** The request of an address waiting for the most reads, and how many. */
function longestOf(queue: AddressQueue): [object, number] {
  let longest: [object, number] = [queue, 0];
  for (const [request, list] of queue.requests) if (list.length > longest[1]) longest = [request, list.length];
  return longest;
}
