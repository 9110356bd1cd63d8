import { servicesNearPlansSuite } from "./services-near-plans.suite";

servicesNearPlansSuite();
