import type { Job } from "../jobs/job-runner";
import type { PersonalDataService } from "./personal-data.service";

const DAY_MS = 86_400_000;

/** The daily erasure of personal data past their retention (run through JobRunner; see PersonalDataService). */
export const personalDataJob = (personalData: PersonalDataService): Job => ({
  name: "personal-data",
  everyMs: DAY_MS,
  run: async (now) => {
    await personalData.eraseOverdue(now);
  },
});
