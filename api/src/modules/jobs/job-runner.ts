import { randomUUID } from "node:crypto";
import { type DataSource, type Repository } from "typeorm";
import { logger } from "../../logger";
import { type Clock, systemClock, wholeSeconds } from "../common/clock";
import { JobLease } from "./job-lease.entity";

/** A background job: its name (the key of its lease), how often it runs, and what it does. */
export interface Job {
  name: string;
  everyMs: number;
  /** How long an instance may hold the job before another may take it over (a crashed run). */
  leaseMs?: number;
  run: (now: Date) => Promise<void>;
}

const DEFAULT_LEASE_MS = 15 * 60_000;

/**
 * The one gateway for background work. Each job's schedule and lease live in the database
 * (`job_lease`), so that any number of instances of the portal run each job once: an instance
 * takes a due job with one conditional UPDATE, and only the instance whose UPDATE changed the
 * row runs it. Jobs run at start-up (what fell due while the portal was stopped), then whenever
 * they fall due, looked for every `checkMs`.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly leases: Repository<JobLease>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string[]> | null = null;

  constructor(
    dataSource: DataSource,
    private readonly checkMs: number,
    private readonly clock: Clock = systemClock(),
    /** This instance, as the leases name it. */
    readonly instanceId: string = randomUUID(),
  ) {
    this.leases = dataSource.getRepository(JobLease);
  }

  register(job: Job): void {
    this.jobs.set(job.name, job);
  }

  /** Runs the jobs that are due and that this instance takes; returns their names. One pass at a time. */
  runDue(): Promise<string[]> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      try {
        if (await this.runIfTaken(job)) ran.push(job.name);
      } catch (error) {
        logger.warn("job.failed", { job: job.name, error: String(error) });
      }
    }
    return ran;
  }

  private async runIfTaken(job: Job): Promise<boolean> {
    const now = wholeSeconds(this.clock.now());
    // A job never seen is due at once; INSERT … IGNORE leaves an existing schedule alone.
    await this.leases
      .createQueryBuilder()
      .insert()
      .values({ name: job.name, leaseOwner: null, leasedUntil: null, lastRunAt: null, nextRunAt: now })
      .orIgnore()
      .execute();
    const taken = await this.leases
      .createQueryBuilder()
      .update()
      .set({ leaseOwner: this.instanceId, leasedUntil: new Date(now.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS)) })
      .where("name = :name AND nextRunAt <= :now AND (leasedUntil IS NULL OR leasedUntil < :now)", {
        name: job.name,
        now,
      })
      .execute();
    if (taken.affected !== 1) return false;

    try {
      await job.run(now);
    } catch (error) {
      // Released without moving the schedule: the next check tries again.
      await this.release(job, {});
      throw error;
    }
    await this.release(job, { lastRunAt: now, nextRunAt: new Date(now.getTime() + job.everyMs) });
    logger.info("job.ran", { job: job.name });
    return true;
  }

  private async release(job: Job, schedule: Partial<JobLease>): Promise<void> {
    await this.leases
      .createQueryBuilder()
      .update()
      .set({ ...schedule, leaseOwner: null, leasedUntil: null })
      .where("name = :name AND leaseOwner = :owner", { name: job.name, owner: this.instanceId })
      .execute();
  }

  start(): void {
    const tick = () => void this.runDue();
    tick();
    this.timer = setInterval(tick, this.checkMs);
    this.timer.unref();
  }

  /** Stops looking for due jobs, and waits for the pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
