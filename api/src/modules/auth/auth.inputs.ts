import { IsNotEmpty, MaxLength } from "class-validator";
import { Field, InputType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, REQUIRED } from "../../shared/form-rules";
import { KeptAsSent } from "../common/text-arguments";

const TOO_LONG_PASSWORD = "Le mot de passe est trop long.";

@InputType({ description: "Connexion." })
export class LoginInput {
  @Field()
  @IsNotEmpty({ message: REQUIRED.email })
  @MaxLength(MAX_EMAIL_LENGTH, { message: INVALID_EMAIL_MESSAGE })
  email: string;

  @Field()
  @KeptAsSent()
  @IsNotEmpty({ message: REQUIRED.password })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: TOO_LONG_PASSWORD })
  password: string;

  @Field({ defaultValue: false, description: "« Rester connecté » : cookie de 30 jours." })
  remember: boolean = false;
}

@InputType({ description: "Choix du mot de passe depuis le lien reçu par e-mail." })
export class StorePasswordInput {
  @Field(() => ID)
  @IsNotEmpty({ message: "L'identifiant est requis." })
  @MaxLength(36, { message: "Identifiant invalide." })
  userId: string;

  @Field()
  @IsNotEmpty({ message: "Le jeton est requis." })
  @MaxLength(100, { message: "Jeton invalide." })
  token: string;

  @Field()
  @KeptAsSent()
  @MaxLength(MAX_PASSWORD_LENGTH, { message: TOO_LONG_PASSWORD })
  password: string;
}
