import { Field, ObjectType, Query, registerEnumType, Resolver } from "type-graphql";
import {
  Age,
  AGE_LABELS,
  Category,
  CATEGORY_LABELS,
  labelled,
  Network,
  NETWORK_LABELS,
  Role,
  ROLE_LABELS,
  SERVICE_TYPES,
  ServiceType,
  type ServiceTypeInfo,
  Thematic,
  THEMATIC_LABELS,
  UserStatus,
  USER_STATUS_LABELS,
} from "./reference.data";

registerEnumType(Role, { name: "Role", description: "Rôle d'un compte." });
registerEnumType(UserStatus, { name: "UserStatus", description: "État d'un compte." });
registerEnumType(Age, { name: "Age", description: "Tranche d'âge (filtre « Familles »)." });
registerEnumType(Category, { name: "Category", description: "Catégorie d'un article." });
registerEnumType(Thematic, { name: "Thematic", description: "Thématique." });
registerEnumType(Network, { name: "Network", description: "Réseau professionnel ; ALL : tous les réseaux." });
registerEnumType(ServiceType, { name: "ServiceType", description: "Type de service (structure)." });

@ObjectType()
class RoleOption {
  @Field(() => Role) value: Role;
  @Field() label: string;
}

@ObjectType()
class UserStatusOption {
  @Field(() => UserStatus) value: UserStatus;
  @Field() label: string;
}

@ObjectType()
class AgeOption {
  @Field(() => Age) value: Age;
  @Field() label: string;
}

@ObjectType()
class CategoryOption {
  @Field(() => Category) value: Category;
  @Field() label: string;
}

@ObjectType()
class ThematicOption {
  @Field(() => Thematic) value: Thematic;
  @Field() label: string;
}

@ObjectType()
class NetworkOption {
  @Field(() => Network) value: Network;
  @Field() label: string;
}

@ObjectType()
export class ServiceTypeOption {
  @Field(() => ServiceType) value: ServiceType;
  @Field() label: string;
  @Field({ description: "Explication pour les familles." }) description: string;
  @Field(() => [String], {
    description:
      "La même explication « Facile à lire et à comprendre » (FALC) : des phrases courtes, une idée chacune, à afficher une par ligne.",
  })
  falc: string[];
  @Field(() => [Age]) ages: Age[];
}

/** A service type as GraphQL gives it (its lists copied: the reference data stays as written). */
export const serviceTypeOption = (type: ServiceTypeInfo): ServiceTypeOption => ({
  ...type,
  falc: [...type.falc],
  ages: [...type.ages],
});

@ObjectType({ description: "Les listes de valeurs du portail et leurs libellés français." })
class ReferenceData {
  @Field(() => [RoleOption], { description: "Les rôles attribuables (sans le visiteur)." })
  roles: RoleOption[];
  @Field(() => [UserStatusOption]) userStatuses: UserStatusOption[];
  @Field(() => [AgeOption]) ages: AgeOption[];
  @Field(() => [CategoryOption]) categories: CategoryOption[];
  @Field(() => [ThematicOption]) thematics: ThematicOption[];
  @Field(() => [NetworkOption]) networks: NetworkOption[];
  @Field(() => [ServiceTypeOption]) serviceTypes: ServiceTypeOption[];
}

const REFERENCE_DATA: ReferenceData = {
  // The order of the role choice: content creator (the default) first.
  roles: [Role.NEWS_PARTNER, Role.FULL_PARTNER, Role.ADMIN].map((value) => ({ value, label: ROLE_LABELS[value] })),
  userStatuses: labelled(USER_STATUS_LABELS),
  ages: labelled(AGE_LABELS),
  categories: labelled(CATEGORY_LABELS),
  thematics: labelled(THEMATIC_LABELS),
  networks: labelled(NETWORK_LABELS),
  serviceTypes: SERVICE_TYPES.map(serviceTypeOption),
};

@Resolver()
export class ReferenceResolver {
  @Query(() => ReferenceData, {
    description: "Listes de valeurs et libellés (rôles, âges, réseaux, types de service…).",
  })
  referenceData(): ReferenceData {
    return REFERENCE_DATA;
  }
}
