import { servicesNearSuite } from "./services-near.suite";

servicesNearSuite();
