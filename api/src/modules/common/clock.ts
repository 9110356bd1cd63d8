/**
 * The portal's one clock: services that decide with the time ask it, so that tests can move
 * it (`vi.spyOn(services.clock, "now")`).
 */
export interface Clock {
  now(): Date;
}

export const systemClock = (): Clock => ({ now: () => new Date() });

/** An instant without its milliseconds (MySQL's datetime keeps whole seconds). */
export const wholeSeconds = (date: Date): Date => new Date(Math.floor(date.getTime() / 1000) * 1000);
