import { DataSource, In, Repository } from "typeorm";
import { Viewer } from "../../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors";
import { requirePartner } from "../../policies/account.policy";
import { canCreateServiceFor, canEditService, canListServicesOf } from "../../policies/service.policy";
import { cleanQuillDocument } from "../common/quill-document";
import { Town } from "../geo/town.entity";
import { Role } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { Service } from "./service.entity";
import { ServiceInput } from "./service.inputs";
import { StructureService } from "./service.service";

const invalid = (field: string, message: string) => new ValidationError(message, { [field]: message });
const clean = (value: string) => value.trim().replace(/\s+/g, " ");
const optional = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Writing service sheets: create for an owner, update and delete by members and admins. */
export class ServiceEditorService {
  private readonly users: Repository<User>;
  private readonly towns: Repository<Town>;

  constructor(
    dataSource: DataSource,
    private readonly structures: StructureService,
  ) {
    this.users = dataSource.getRepository(User);
    this.towns = dataSource.getRepository(Town);
  }

  async create(viewer: Viewer, ownerId: string, input: ServiceInput): Promise<Service> {
    requirePartner(viewer);
    const owner = await this.users.findOneBy({ id: ownerId });
    if (!owner) throw new NotFoundError("Ce compte est introuvable.");
    if (!canCreateServiceFor(viewer, owner)) {
      throw new ForbiddenError(
        viewer.role === Role.ADMIN || viewer.user?.id === owner.id
          ? "Un service ne peut être rattaché qu'à un partenaire ou un administrateur validé ou en attente de validation."
          : "Vous ne pouvez créer un service que pour votre propre compte.",
      );
    }
    return this.structures.save({ ...(await this.checked(input)), userIds: [owner.id], mainPicture: null });
  }

  async update(viewer: Viewer, id: string, input: ServiceInput): Promise<Service> {
    requirePartner(viewer);
    const current = await this.structures.findById(id);
    if (!canEditService(viewer, current)) throw new ForbiddenError("Vous ne pouvez modifier que vos propres services.");
    const fields = await this.checked(input);
    return this.structures.save({
      ...fields,
      id,
      userIds: current.userIds,
      mainPicture: current.mainPicture,
      createdAt: current.createdAt,
    });
  }

  async remove(viewer: Viewer, id: string): Promise<void> {
    requirePartner(viewer);
    const current = await this.structures.findById(id);
    if (!canEditService(viewer, current))
      throw new ForbiddenError("Vous ne pouvez supprimer que vos propres services.");
    await this.structures.remove(id);
  }

  async ofOwner(viewer: Viewer, userId: string): Promise<Service[]> {
    requirePartner(viewer);
    if (!canListServicesOf(viewer, userId)) throw new ForbiddenError();
    return this.structures.ofMember(userId);
  }

  /** The sheet's fields, with the town, EPCI and covered areas checked against the department's list. */
  private async checked(input: ServiceInput) {
    const fields = { serviceName: clean(input.serviceName), serviceManager: clean(input.serviceManager) };
    if (!fields.serviceName) throw invalid("serviceName", "Le nom de la structure est requis.");
    if (!fields.serviceManager) throw invalid("serviceManager", "Le nom du gestionnaire est requis.");
    const towns = await this.towns.findBy({ city: clean(input.city) });
    const town = towns.find((candidate) => candidate.postcodes.includes(input.zip)) ?? towns[0];
    if (!town) throw invalid("city", `Commune inconnue dans le département : ${input.city}.`);
    const epci = optional(input.epci) ?? town.epci ?? "";
    const covered = [...new Set(input.coveredLocations.map(clean).filter(Boolean))];
    const known = new Set(
      (await this.towns.find({ select: { epci: true }, where: { epci: In([epci, ...covered]) } })).map((t) => t.epci),
    );
    if (epci && !known.has(epci)) throw invalid("epci", `Intercommunalité inconnue : ${epci}.`);
    const unknown = covered.filter((name) => !known.has(name));
    if (unknown.length) throw invalid("coveredLocations", `Intercommunalité inconnue : ${unknown.join(", ")}.`);
    const description = input.description?.trim() ? cleanQuillDocument(input.description).json : null;
    const location = input.location ?? town.location;
    return {
      ...fields,
      email: input.email.trim().toLowerCase(),
      phone: clean(input.phone),
      mobile: optional(input.mobile),
      website: optional(input.website),
      externalLink: optional(input.externalLink),
      fullAddress: clean(input.fullAddress),
      city: town.city,
      zip: input.zip,
      epci,
      latitude: location?.lat ?? null,
      longitude: location?.lon ?? null,
      types: [...new Set(input.types)],
      ages: [...new Set(input.ages)],
      coveredLocations: covered.filter((name) => name !== epci),
      description,
    };
  }
}
