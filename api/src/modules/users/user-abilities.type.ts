import { Field, ObjectType } from "type-graphql";
import type { AccountAbilities, UserRowAbilities } from "../../policies/abilities";
import { Network } from "../reference/reference.data";

@ObjectType("AccountAbilities", { description: "Ce que ce compte peut faire sur le portail (calculé par le serveur)." })
export class AccountAbilitiesType implements AccountAbilities {
  @Field({ description: "Publier des actualités et des ressources, écrire à l'équipe du portail." })
  publish: boolean;

  @Field({ description: "Avoir des fiches de services (partenaires professionnels et administrateurs)." })
  ownServices: boolean;

  @Field({ description: "Gérer les comptes (administrateurs)." })
  manageUsers: boolean;

  @Field(() => [Network], { description: "Les réseaux auxquels ce compte peut réserver un article ou filtrer." })
  restrictToNetworks: Network[];
}

@ObjectType("UserRowAbilities", { description: "Ce que le compte connecté peut faire de ce compte." })
export class UserRowAbilitiesType implements UserRowAbilities {
  @Field({ description: "Modifier le compte." }) edit: boolean;
  @Field({ description: "Supprimer le compte." }) delete: boolean;
  @Field({ description: "Valider la demande de partenariat." }) accept: boolean;
  @Field({ description: "Ajouter un service rattaché à ce compte." }) addService: boolean;
}
