import type { DataSource, Repository } from "typeorm";
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors";
import { requirePartner } from "../../policies/account.policy";
import { sheetEditRefusal, canListSheetsOf, sheetCreationRefusal } from "../../policies/sheet.policy";
import type { Viewer } from "../../policies/viewer";
import { REQUIRED } from "../../shared/form-rules";
import { clean, requireText } from "../common/clean-text";
import { normalizeSearchText } from "../common/text-normalization";
import { type Clock, systemClock } from "../common/clock";
import { cleanQuillDocument } from "../common/quill-document";
import { AuditAction, AuditItemType } from "../audit/audit-entry.entity";
import { type AuditService, changedFields } from "../audit/audit.service";
import { distanceKm } from "../geo/distance";
import type { GeoService } from "../geo/geo.service";
import { User } from "../users/user.entity";
import type { Sheet } from "./sheet.entity";
import type { SheetInput } from "./sheet.inputs";
import type { SheetService } from "./sheet.service";
import { cleanWeeklyHours, parisMoment } from "./opening-hours";
import { hoursDraft } from "./opening-hours.types";
import { type AvailabilityInput, checkedAvailability } from "./availability";
import { isChildCare } from "../../shared/availability";

const invalid = (field: string, message: string) => new ValidationError(message, { [field]: message });

/** The fields of a service sheet the audit trail names when they change. */
const AUDITED_SHEET_FIELDS = [
  "serviceName",
  "serviceManager",
  "email",
  "phone",
  "mobile",
  "website",
  "externalLink",
  "fullAddress",
  "city",
  "zip",
  "epci",
  "latitude",
  "longitude",
  "types",
  "ages",
  "coveredLocations",
  "description",
  "hours",
] as const satisfies readonly (keyof Sheet)[];
/** What « Places disponibles » are made of: a change of either is one change of « availability ». */
const AVAILABILITY_FIELDS = ["availabilityGroups", "availabilityGivenAt"] as const satisfies readonly (keyof Sheet)[];
/** How far from its town's centre a sheet's position may be (the department's largest towns fit well within). */
const MAX_KM_FROM_TOWN = 25;

/**
 * A sheet's address as families read it and as « Itinéraire » sends it: a street typed by hand
 * (« 12 rue des Cordeliers », the address service being down or its proposal not picked) gets
 * its postcode and town, which the sheet has; an address that names them is kept as it is.
 */
export function withTown(address: string, zip: string, city: string): string {
  const words = ` ${normalizeSearchText(address)} `;
  if (!address || words.includes(` ${zip} `) || words.includes(` ${normalizeSearchText(city)} `)) return address;
  return `${address.replace(/[\s,]+$/, "")}, ${zip} ${city}`;
}

/** Optional text kept as typed, only trimmed; null when blank. */
const trimmedOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Writing service sheets: create for an owner, update and delete by members and admins. */
export class SheetEditorService {
  private readonly users: Repository<User>;

  constructor(
    dataSource: DataSource,
    private readonly sheets: SheetService,
    private readonly geo: GeoService,
    private readonly audit: AuditService,
    private readonly clock: Clock = systemClock(),
  ) {
    this.users = dataSource.getRepository(User);
  }

  private trace(viewer: Viewer | { portal: string }, service: Sheet, action: AuditAction, fields: string[]) {
    return this.audit.record(viewer, {
      itemType: AuditItemType.SERVICE,
      itemId: service.id,
      itemLabel: service.serviceName,
      action,
      fields,
    });
  }

  async create(viewer: Viewer, ownerId: string, input: SheetInput): Promise<Sheet> {
    requirePartner(viewer);
    const owner = await this.users.findOneBy({ id: ownerId });
    if (!owner) throw new NotFoundError("Ce compte est introuvable.");
    const refusal = sheetCreationRefusal(viewer, owner);
    if (refusal) throw new ForbiddenError(refusal);
    const saved = await this.sheets.save({
      ...(await this.checked(input)),
      userIds: [owner.id],
      mainPicture: null,
      checkedAt: this.clock.now(),
    });
    await this.trace(viewer, saved, AuditAction.CREATE, [
      ...changedFields(null, saved, AUDITED_SHEET_FIELDS),
      ...(saved.availabilityGroups ? ["availability"] : []),
    ]);
    return saved;
  }

  async update(viewer: Viewer, id: string, input: SheetInput): Promise<Sheet> {
    requirePartner(viewer);
    const current = await this.sheets.findById(id);
    const refusal = sheetEditRefusal(viewer, current, "modifier");
    if (refusal) throw new ForbiddenError(refusal);
    const fields = await this.checked(input, current);
    const saved = await this.sheets.save({
      ...fields,
      id,
      userIds: current.userIds,
      mainPicture: current.mainPicture,
      createdAt: current.createdAt,
      checkedAt: this.clock.now(),
    });
    await this.trace(viewer, saved, AuditAction.UPDATE, [
      ...changedFields(current, saved, AUDITED_SHEET_FIELDS),
      ...(changedFields(current, saved, AVAILABILITY_FIELDS).length > 0 ? ["availability"] : []),
    ]);
    return saved;
  }

  /**
   * « Places disponibles » given in one step, by a member or an administrator (the sheet's own
   * policy): dated now, recorded in the history; nothing else of the sheet changes.
   */
  async updateAvailability(viewer: Viewer, id: string, input: AvailabilityInput): Promise<Sheet> {
    requirePartner(viewer);
    const current = await this.sheets.findById(id);
    const refusal = sheetEditRefusal(viewer, current, "modifier");
    if (refusal) throw new ForbiddenError(refusal);
    return this.giveAvailability(viewer, current, input);
  }

  /**
   * Stores the availability given for a sheet, by `actor` (a viewer the policy let through, or
   * the owner of an e-mailed link: FreshnessService), and records it.
   */
  async giveAvailability(actor: Viewer | { portal: string }, current: Sheet, input: AvailabilityInput): Promise<Sheet> {
    const groups = input.groups.length > 0 ? checkedAvailability(current.types, input) : null;
    if (!groups && !current.availabilityGroups) return current;
    const saved = await this.sheets.saveAvailability(current.id, groups, this.clock.now());
    await this.trace(actor, saved, AuditAction.UPDATE, ["availability"]);
    return saved;
  }

  async remove(viewer: Viewer, id: string): Promise<void> {
    requirePartner(viewer);
    const current = await this.sheets.findById(id);
    const refusal = sheetEditRefusal(viewer, current, "supprimer");
    if (refusal) throw new ForbiddenError(refusal);
    await this.sheets.remove(id);
    await this.trace(viewer, current, AuditAction.DELETE, []);
  }

  async ofOwner(viewer: Viewer, userId: string): Promise<Sheet[]> {
    requirePartner(viewer);
    if (!canListSheetsOf(viewer, userId)) throw new ForbiddenError();
    return this.sheets.ofMember(userId);
  }

  /**
   * The availability a saved sheet keeps: what the form gave (dated now; none: cleared), else the
   * sheet's own with its date; none for a sheet no longer of a child care type.
   */
  private availabilityOf(types: string[], given: AvailabilityInput | null | undefined, current?: Sheet) {
    const none = { availabilityGroups: null, availabilityGivenAt: null };
    if (given === undefined) {
      if (!current?.availabilityGroups || !isChildCare(types)) return none;
      return { availabilityGroups: current.availabilityGroups, availabilityGivenAt: current.availabilityGivenAt };
    }
    if (!given || given.groups.length === 0) return none;
    return { availabilityGroups: checkedAvailability(types, given), availabilityGivenAt: this.clock.now() };
  }

  /** The sheet's fields, with the town, EPCI and covered areas checked against the department's list. */
  private async checked(input: SheetInput, current?: Sheet) {
    const fields = { serviceName: clean(input.serviceName), serviceManager: clean(input.serviceManager) };
    requireText(fields, { serviceName: REQUIRED.serviceName, serviceManager: REQUIRED.serviceManager });
    const town = await this.geo.townNamed(clean(input.city), input.zip);
    if (!town) throw invalid("city", `Commune inconnue dans le département : ${input.city}.`);
    // The postcode, EPCI and position, when given, must be the town's (other EPCIs served go in coveredLocations).
    if (town.postcodes.length > 0 && !town.postcodes.includes(input.zip)) {
      throw invalid(
        "zip",
        `Le code postal ${input.zip} n'est pas celui de ${town.city} (${town.postcodes.join(", ")}).`,
      );
    }
    const epci = trimmedOrNull(input.epci) ?? town.epci ?? "";
    if (town.epci && epci !== town.epci) {
      throw invalid("epci", `${town.city} fait partie de l'intercommunalité ${town.epci}, pas de ${epci}.`);
    }
    if (input.location && town.location && distanceKm(input.location, town.location) > MAX_KM_FROM_TOWN) {
      const km = Math.round(distanceKm(input.location, town.location));
      throw invalid("location", `La position indiquée est à ${km} km de ${town.city} : vérifiez l'adresse.`);
    }
    const covered = [...new Set(input.coveredLocations.map(clean).filter(Boolean))];
    const { unknownEpci } = await this.geo.resolvePlaces({ epci: [epci, ...covered].filter(Boolean) });
    if (epci && unknownEpci.includes(epci)) throw invalid("epci", `Intercommunalité inconnue : ${epci}.`);
    const unknown = covered.filter((name) => unknownEpci.includes(name));
    if (unknown.length) throw invalid("coveredLocations", `Intercommunalité inconnue : ${unknown.join(", ")}.`);
    const description = input.description?.trim()
      ? cleanQuillDocument(input.description, { document: { field: "description", of: "de la description" } }).json
      : null;
    const location = input.location ?? town.location;
    // Hours left out (a legacy client) are kept; null clears them.
    const hours =
      input.openingHours === undefined
        ? (current?.hours ?? null)
        : input.openingHours && cleanWeeklyHours(hoursDraft(input.openingHours), parisMoment(this.sheets.now()).date);
    const types = [...new Set(input.types)];
    return {
      ...fields,
      ...this.availabilityOf(types, input.availability, current),
      email: input.email.trim().toLowerCase(),
      phone: clean(input.phone),
      mobile: trimmedOrNull(input.mobile),
      website: trimmedOrNull(input.website),
      externalLink: trimmedOrNull(input.externalLink),
      fullAddress: withTown(clean(input.fullAddress), input.zip, town.city),
      city: town.city,
      zip: input.zip,
      epci,
      latitude: location?.lat ?? null,
      longitude: location?.lon ?? null,
      types,
      ages: [...new Set(input.ages)],
      coveredLocations: covered.filter((name) => name !== epci),
      description,
      hours,
    };
  }
}
