import { IsNotEmpty, MaxLength } from "class-validator";
import { Field, InputType } from "type-graphql";
import {
  REQUIRED,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_TOO_LONG,
  CONTACT_OBJECT_MAX,
  CONTACT_OBJECT_TOO_LONG,
} from "../../shared/form-rules";
import { KeptAsSent } from "../common/text-arguments";

@InputType({ description: "Message du formulaire de contact." })
export class ContactInput {
  @Field({ description: "Objet du message." })
  @IsNotEmpty({ message: REQUIRED.object })
  @MaxLength(CONTACT_OBJECT_MAX, { message: CONTACT_OBJECT_TOO_LONG })
  object: string;

  @Field()
  @KeptAsSent()
  @IsNotEmpty({ message: REQUIRED.message })
  @MaxLength(CONTACT_MESSAGE_MAX, { message: CONTACT_MESSAGE_TOO_LONG })
  message: string;
}
