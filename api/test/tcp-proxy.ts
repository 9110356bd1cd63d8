import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";

/** How a stopped database looks from the portal: nothing listening, or packets that go nowhere. */
export type OutageMode = "refuse" | "blackhole";

/** A client's connection and, once made, its connection to the database. */
interface Link {
  client: Socket;
  upstream: Socket | null;
}

/**
 * A TCP proxy in front of the database, so that a test can take the database away
 * from one portal (and only that one) without stopping the shared server: `cut`
 * resets every connection and refuses or swallows new ones; `restore` forwards again.
 * `freeze` stops forwarding without closing anything (a server stopped by SIGSTOP), `thaw`
 * forwards again what waited; `latencyMs` delays each answer of the database (a slow server).
 */
export class TcpProxy {
  port = 0;
  /** How long each piece of the database's answers is held before it goes on (0: at once). */
  latencyMs = 0;
  private server: Server | null = null;
  private mode: OutageMode | "up" = "up";
  private frozen = false;
  private readonly sockets = new Set<Socket>();
  private readonly links = new Set<Link>();

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    await this.listen(0);
  }

  /** The database "stops": open connections are reset, new ones refused or left unanswered. */
  async cut(mode: OutageMode): Promise<void> {
    this.mode = mode;
    if (mode === "refuse") await this.unlisten();
    this.dropAll();
  }

  /** The database is back: new connections reach it again (on the same port). */
  async restore(): Promise<void> {
    this.mode = "up";
    // Connections swallowed by a blackhole never reach the database.
    this.dropAll();
    if (!this.server) await this.listen(this.port);
  }

  /**
   * The database freezes: connections stay open, but nothing goes through either way, and new
   * connections are taken but get no greeting, as from a server stopped by SIGSTOP.
   */
  freeze(): void {
    this.frozen = true;
    for (const link of this.links) hold(link);
  }

  /** The frozen database moves again: what waited goes through, held connections reach it. */
  thaw(): void {
    this.frozen = false;
    for (const link of this.links) this.flow(link);
  }

  async close(): Promise<void> {
    this.dropAll();
    await this.unlisten();
  }

  private accept(client: Socket) {
    this.track(client);
    if (this.mode === "blackhole") return;
    const link: Link = { client, upstream: null };
    this.links.add(link);
    client.once("close", () => this.links.delete(link));
    if (this.frozen) client.pause();
    else this.flow(link);
  }

  /** Forwards both ways, connecting to the database first if the link has not yet. */
  private flow(link: Link) {
    if (!link.upstream) {
      const upstream = connect(this.target.port, this.target.host);
      this.track(upstream);
      link.upstream = upstream;
      const drop = () => {
        link.client.destroy();
        upstream.destroy();
      };
      link.client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
    }
    link.client.pipe(link.upstream);
    this.answers(link.upstream, link.client);
  }

  /** The database's answers to the client, each piece held `latencyMs` first (in order). */
  private answers(upstream: Socket, client: Socket) {
    upstream.removeAllListeners("data");
    let last = Promise.resolve();
    upstream.on("data", (chunk: Buffer) => {
      if (this.latencyMs === 0) {
        last = last.then(() => void client.write(chunk));
        return;
      }
      const delay = this.latencyMs;
      last = last.then(() => new Promise((resolve) => setTimeout(resolve, delay))).then(() => void client.write(chunk));
    });
    upstream.resume();
  }

  private track(socket: Socket) {
    this.sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => this.sockets.delete(socket));
  }

  private dropAll() {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    this.links.clear();
  }

  private listen(port: number): Promise<void> {
    const server = createServer((client) => this.accept(client));
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        this.server = server;
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private unlisten(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => {
      server.close(() => resolve());
      this.dropAll();
    });
  }
}

/** Nothing goes through a link: both sockets stop reading, so data waits in their buffers. */
function hold(link: Link) {
  link.client.unpipe();
  link.client.pause();
  link.upstream?.removeAllListeners("data");
  link.upstream?.pause();
}
