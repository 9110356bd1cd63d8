import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * One background job's schedule and lease: the instance whose conditional UPDATE takes the
 * lease runs the job; the others see it taken (JobRunner).
 */
@Entity("job_lease")
export class JobLease {
  @PrimaryColumn({ type: "varchar", length: 50 })
  name: string;

  /** The instance running it now (a random id per process), or null. */
  @Column({ type: "varchar", length: 64, nullable: true })
  leaseOwner: string | null;

  /** Until when that instance holds it; a lease past this time is free again (a crashed instance). */
  @Column({ type: "datetime", nullable: true })
  leasedUntil: Date | null;

  @Column({ type: "datetime", nullable: true })
  lastRunAt: Date | null;

  @Column({ type: "datetime" })
  nextRunAt: Date;
}
