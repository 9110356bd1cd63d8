import { IsNotEmpty, MaxLength } from "class-validator";
import { Field, InputType } from "type-graphql";
import { REQUIRED } from "../../shared/rules";

@InputType({ description: "Message du formulaire de contact." })
export class ContactInput {
  @Field({ description: "Objet du message." })
  @IsNotEmpty({ message: REQUIRED.object })
  @MaxLength(200, { message: "L'objet ne doit pas dépasser 200 caractères." })
  object: string;

  @Field()
  @IsNotEmpty({ message: REQUIRED.message })
  @MaxLength(5000, { message: "Le message ne doit pas dépasser 5000 caractères." })
  message: string;
}
