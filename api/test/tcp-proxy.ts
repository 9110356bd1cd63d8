import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";

/** How a stopped database looks from the portal: nothing listening, or packets that go nowhere. */
export type OutageMode = "refuse" | "blackhole";

/**
 * A TCP proxy in front of the database, so that a test can take the database away
 * from one portal (and only that one) without stopping the shared server: `cut`
 * resets every connection and refuses or swallows new ones; `restore` forwards again.
 */
export class TcpProxy {
  port = 0;
  private server: Server | null = null;
  private mode: OutageMode | "up" = "up";
  private readonly sockets = new Set<Socket>();

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

  async close(): Promise<void> {
    this.dropAll();
    await this.unlisten();
  }

  private accept(client: Socket) {
    this.track(client);
    if (this.mode === "blackhole") return;
    const upstream = connect(this.target.port, this.target.host);
    this.track(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private track(socket: Socket) {
    this.sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => this.sockets.delete(socket));
  }

  private dropAll() {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
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
