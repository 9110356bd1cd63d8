import { ArrayMaxSize, IsEmail, IsIn, IsNotEmpty, IsOptional, Matches, Max, MaxLength, Min } from "class-validator";
import { Field, ID, InputType, Int, registerEnumType } from "type-graphql";
import { Network, Role, UserStatus } from "../reference/reference.data";

/** 6 to 30 characters of digits and separators, with at least 6 digits. */
const PHONE = /^(?=(?:\D*\d){6})[0-9+().\s-]{6,30}$/;
const PHONE_MESSAGE = "Le numéro de téléphone n'est pas valide.";
const EMAIL_MESSAGE = "L'adresse e-mail n'est pas valide.";
const required = (what: string) => ({ message: `${what} est requis.` });
const PARTNER_ROLES = [Role.NEWS_PARTNER, Role.FULL_PARTNER];
const ASSIGNABLE_ROLES = [Role.NEWS_PARTNER, Role.FULL_PARTNER, Role.ADMIN];

@InputType({ description: "Connexion." })
export class LoginInput {
  @Field()
  @IsNotEmpty(required("L'e-mail"))
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email: string;

  @Field()
  @IsNotEmpty(required("Le mot de passe"))
  @MaxLength(200, { message: "Le mot de passe est trop long." })
  password: string;

  @Field({ defaultValue: false, description: "« Rester connecté » : cookie de 30 jours." })
  remember: boolean = false;
}

@InputType({ description: "Demande de partenariat (« Devenir partenaire »)." })
export class JoinInput {
  @Field()
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email: string;

  @Field()
  @IsNotEmpty(required("Le nom"))
  @MaxLength(100, { message: "Le nom ne doit pas dépasser 100 caractères." })
  name: string;

  @Field()
  @IsNotEmpty(required("Le prénom"))
  @MaxLength(100, { message: "Le prénom ne doit pas dépasser 100 caractères." })
  surname: string;

  @Field()
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone: string;

  @Field({ description: "Motivation de la demande." })
  @IsNotEmpty({ message: "La motivation est requise." })
  @MaxLength(2000, { message: "La motivation ne doit pas dépasser 2000 caractères." })
  justify: string;

  @Field({ description: "Code INSEE de la commune (territoire)." })
  @Matches(/^[0-9AB]{5}$/, { message: "La commune est requise." })
  townCode: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(255, { message: "L'adresse ne doit pas dépasser 255 caractères." })
  fullAddress?: string | null;

  @Field(() => Role, { defaultValue: Role.NEWS_PARTNER, description: "NEWS_PARTNER ou FULL_PARTNER." })
  @IsIn(PARTNER_ROLES, { message: "Le rôle demandé doit être « Créateur de contenu » ou « Partenaire »." })
  role: Role = Role.NEWS_PARTNER;
}

@InputType({ description: "Un compte créé ou modifié par un administrateur." })
export class UserInput {
  @Field()
  @IsNotEmpty(required("Le nom"))
  @MaxLength(100, { message: "Le nom ne doit pas dépasser 100 caractères." })
  name: string;

  @Field()
  @IsNotEmpty(required("Le prénom"))
  @MaxLength(100, { message: "Le prénom ne doit pas dépasser 100 caractères." })
  surname: string;

  @Field()
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email: string;

  @Field({ description: "Téléphone fixe." })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(PHONE, { message: PHONE_MESSAGE })
  mobile?: string | null;

  @Field(() => Role)
  @IsIn(ASSIGNABLE_ROLES, { message: "Le rôle doit être Créateur de contenu, Partenaire ou Administrateur." })
  role: Role;

  @Field(() => String, { nullable: true, description: "Date d'expiration AAAA-MM-JJ ; null : aucune." })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: "Date invalide" })
  expiration?: string | null;

  @Field(() => [Network], { defaultValue: [] })
  @ArrayMaxSize(15, { message: "Trop de réseaux." })
  networks: Network[];
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
  @MaxLength(200, { message: "Le texte recherché ne doit pas dépasser 200 caractères." })
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
  @Min(1, { message: "La taille de page doit être comprise entre 1 et 100." })
  @Max(100, { message: "La taille de page doit être comprise entre 1 et 100." })
  size: number = 10;
}

@InputType()
export class StorePasswordInput {
  @Field(() => ID)
  @IsNotEmpty(required("L'identifiant"))
  @MaxLength(36, { message: "Identifiant invalide." })
  userId: string;

  @Field()
  @IsNotEmpty(required("Le jeton"))
  @MaxLength(100, { message: "Jeton invalide." })
  token: string;

  @Field()
  @MaxLength(200, { message: "Le mot de passe est trop long." })
  password: string;
}

@InputType({ description: "Message du formulaire de contact." })
export class ContactInput {
  @Field({ description: "Objet du message." })
  @IsNotEmpty(required("L'objet"))
  @MaxLength(200, { message: "L'objet ne doit pas dépasser 200 caractères." })
  object: string;

  @Field()
  @IsNotEmpty(required("Le message"))
  @MaxLength(5000, { message: "Le message ne doit pas dépasser 5000 caractères." })
  message: string;
}
