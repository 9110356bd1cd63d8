import { InitialSchema1732233600000 } from "./1732233600000-InitialSchema";
import { Accounts1732320000000 } from "./1732320000000-Accounts";
import { FullTextSearch1732406400000 } from "./1732406400000-FullTextSearch";
import { SearchAtScale1763856000000 } from "./1763856000000-SearchAtScale";
import { FacetRowCriteria1763942400000 } from "./1763942400000-FacetRowCriteria";
import { ServicesNearby1764028800000 } from "./1764028800000-ServicesNearby";
import { EventContact1764115200000 } from "./1764115200000-EventContact";
import { AuditTrail1764201600000 } from "./1764201600000-AuditTrail";
import { Publication1764288000000 } from "./1764288000000-Publication";
import { OpeningHours1764374400000 } from "./1764374400000-OpeningHours";
import { SheetFreshness1764460800000 } from "./1764460800000-SheetFreshness";
import { ErrorReports1764547200000 } from "./1764547200000-ErrorReports";
import { LatitudeBands1764633600000 } from "./1764633600000-LatitudeBands";
import { SeveralInstances1764720000000 } from "./1764720000000-SeveralInstances";
import { CountsAndAccounts1764806400000 } from "./1764806400000-CountsAndAccounts";
import { CoveringPositions1764892800000 } from "./1764892800000-CoveringPositions";
import { EventPlaceWords1764979200000 } from "./1764979200000-EventPlaceWords";
import { UploadLinks1765065600000 } from "./1765065600000-UploadLinks";
import { RemindedSheets1765152000000 } from "./1765152000000-RemindedSheets";
import { ServiceAvailability1765238400000 } from "./1765238400000-ServiceAvailability";
import { EventsNearPlace1765242000000 } from "./1765242000000-EventsNearPlace";
import { SearchAlerts1765411200000 } from "./1765411200000-SearchAlerts";
import { RecentSheets1765497600000 } from "./1765497600000-RecentSheets";

/** Every migration, in order. Both engines run the same list. */
export const migrations = [InitialSchema1732233600000, Accounts1732320000000, FullTextSearch1732406400000,
  SearchAtScale1763856000000,
  FacetRowCriteria1763942400000,
  ServicesNearby1764028800000,
  EventContact1764115200000,
  AuditTrail1764201600000,
  Publication1764288000000,
  OpeningHours1764374400000,
  SheetFreshness1764460800000,
  ErrorReports1764547200000,
  LatitudeBands1764633600000,
  SeveralInstances1764720000000,
  CountsAndAccounts1764806400000,
  CoveringPositions1764892800000,
  EventPlaceWords1764979200000,
  UploadLinks1765065600000,
  RemindedSheets1765152000000,
  ServiceAvailability1765238400000,
  EventsNearPlace1765242000000,
  SearchAlerts1765411200000,
  RecentSheets1765497600000,
];
