import {
  ArrayMaxSize,
  IsIn,
  IsNotEmpty,
  IsOptional,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from "class-validator";
import { Field, InputType, Int, registerEnumType } from "type-graphql";
import { INVALID_DATE_MESSAGE, MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE } from "../../shared/rules";
import {
  ADDRESS_MAX,
  ADDRESS_TOO_LONG,
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  isEmailAddress,
  JOIN_JUSTIFY_MAX,
  JOIN_JUSTIFY_TOO_LONG,
  NAME_TOO_LONG,
  PERSON_NAME_MAX,
  PHONE_PATTERN,
  phoneProblem,
  REQUIRED,
  SURNAME_TOO_LONG,
  UNKNOWN_TOWN_MESSAGE,
} from "../../shared/form-rules";
import { Network, Role, UserStatus } from "../reference/reference.data";
import { KeptAsSent } from "../common/text-arguments";
import { SEARCH_TEXT_MAX, SEARCH_TEXT_TOO_LONG } from "../../shared/search-limits";

const required = (message: string) => ({ message });
/**
 * An e-mail address, spaces around it aside: the service trims them, as sign-in and « Mot de
 * passe oublié » do (an address pasted from a message often carries one).
 */
const IsEmailAddress = () =>
  ValidateBy({
    name: "isEmailAddress",
    validator: {
      validate: (value: unknown) => typeof value === "string" && isEmailAddress(value.trim()),
      defaultMessage: () => INVALID_EMAIL_MESSAGE,
    },
  });
const invalidPhone = { message: INVALID_PHONE_MESSAGE };
/** A required phone left blank is asked for; one that is not a number is refused. */
const requiredPhone = {
  message: ({ value }: ValidationArguments) =>
    (typeof value === "string" && phoneProblem(value)) || INVALID_PHONE_MESSAGE,
};
const PARTNER_ROLES = [Role.NEWS_PARTNER, Role.FULL_PARTNER];
const ASSIGNABLE_ROLES = [Role.NEWS_PARTNER, Role.FULL_PARTNER, Role.ADMIN];

@InputType({ description: "Demande de partenariat (« Devenir partenaire »)." })
export class JoinInput {
  @Field()
  @IsEmailAddress()
  email: string;

  @Field()
  @IsNotEmpty(required(REQUIRED.name))
  @MaxLength(PERSON_NAME_MAX, { message: NAME_TOO_LONG })
  name: string;

  @Field()
  @IsNotEmpty(required(REQUIRED.surname))
  @MaxLength(PERSON_NAME_MAX, { message: SURNAME_TOO_LONG })
  surname: string;

  @Field()
  @Matches(PHONE_PATTERN, requiredPhone)
  phone: string;

  @Field({ description: "Motivation de la demande." })
  @KeptAsSent()
  @IsNotEmpty(required(REQUIRED.justify))
  @MaxLength(JOIN_JUSTIFY_MAX, { message: JOIN_JUSTIFY_TOO_LONG })
  justify: string;

  @Field(() => String, {
    nullable: true,
    description:
      "Code INSEE de la commune (territoire). À défaut (absent, null ou vide), la commune est déduite de l'adresse quand le service d'adresses la trouve, sinon choisie par l'administrateur qui valide la demande.",
  })
  @ValidateIf((_input, value) => typeof value === "string" && value !== "")
  @Matches(/^[0-9AB]{5}$/, required(REQUIRED.town))
  townCode?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(ADDRESS_MAX, { message: ADDRESS_TOO_LONG })
  fullAddress?: string | null;

  @Field(() => Role, { defaultValue: Role.NEWS_PARTNER, description: "NEWS_PARTNER ou FULL_PARTNER." })
  @IsIn(PARTNER_ROLES, { message: "Le rôle demandé doit être « Créateur de contenu » ou « Partenaire »." })
  role: Role = Role.NEWS_PARTNER;
}

@InputType({ description: "Un compte créé ou modifié par un administrateur." })
export class UserInput {
  @Field()
  @IsNotEmpty(required(REQUIRED.name))
  @MaxLength(PERSON_NAME_MAX, { message: NAME_TOO_LONG })
  name: string;

  @Field()
  @IsNotEmpty(required(REQUIRED.surname))
  @MaxLength(PERSON_NAME_MAX, { message: SURNAME_TOO_LONG })
  surname: string;

  @Field()
  @IsEmailAddress()
  email: string;

  @Field({ description: "Téléphone fixe." })
  @Matches(PHONE_PATTERN, requiredPhone)
  phone: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(PHONE_PATTERN, invalidPhone)
  mobile?: string | null;

  @Field(() => Role)
  @IsIn(ASSIGNABLE_ROLES, { message: "Le rôle doit être Créateur de contenu, Partenaire ou Administrateur." })
  role: Role;

  @Field(() => String, { nullable: true, description: "Date d'expiration AAAA-MM-JJ ; null : aucune." })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: INVALID_DATE_MESSAGE })
  expiration?: string | null;

  @Field(() => [Network], { defaultValue: [] })
  @ArrayMaxSize(15, { message: "Trop de réseaux." })
  networks: Network[];

  @Field(() => String, {
    nullable: true,
    description:
      "Code INSEE de la commune du compte (celle d'un partenaire dont la demande n'en indiquait pas : « Commune à préciser »). Absent : la commune reste celle du compte ; null ou vide : aucune.",
  })
  @ValidateIf((_input, value) => typeof value === "string" && value !== "")
  @Matches(/^[0-9AB]{5}$/, { message: UNKNOWN_TOWN_MESSAGE })
  townCode?: string | null;
}

export enum UserOrderField {
  name = "name",
  surname = "surname",
  email = "email",
  role = "role",
  status = "status",
  createdAt = "createdAt",
  expiration = "expiration",
}
registerEnumType(UserOrderField, { name: "UserOrderField", description: "Tri de la liste des utilisateurs." });

export enum OrderDirection {
  ASC = "ASC",
  DESC = "DESC",
}
registerEnumType(OrderDirection, { name: "OrderDirection" });

@InputType({ description: "Recherche dans la gestion des utilisateurs." })
export class UserSearchInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(SEARCH_TEXT_MAX, { message: SEARCH_TEXT_TOO_LONG })
  textQuery?: string | null;

  @Field(() => [UserStatus], {
    defaultValue: [UserStatus.CONFIRMED, UserStatus.LOCAL, UserStatus.PENDING],
    description: "États affichés (par défaut : validés, demandes et en attente).",
  })
  statuses: UserStatus[];

  @Field(() => UserOrderField, { defaultValue: UserOrderField.createdAt })
  orderBy: UserOrderField = UserOrderField.createdAt;

  @Field(() => OrderDirection, { defaultValue: OrderDirection.DESC })
  orderDirection: OrderDirection = OrderDirection.DESC;

  @Field(() => Int, { defaultValue: 0, description: "Rang du premier résultat (page × taille)." })
  @Min(0, { message: "Le rang de départ doit être positif." })
  from: number = 0;

  @Field(() => Int, { defaultValue: 10, description: "Taille de page : 10, 50 ou 100." })
  @Min(1, { message: PAGE_SIZE_MESSAGE })
  @Max(MAX_PAGE_SIZE, { message: PAGE_SIZE_MESSAGE })
  size: number = 10;
}
