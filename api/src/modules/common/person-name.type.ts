import { Field, ObjectType } from "type-graphql";
import { ID } from "./id.scalar";
import type { User } from "../users/user.entity";

@ObjectType({ description: "Le nom d'un compte." })
export class PersonName {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() surname: string;
}

/** The name of an account, without the rest of its record. */
export const personName = (user: Pick<User, "id" | "name" | "surname">): PersonName =>
  Object.assign(new PersonName(), { id: user.id, name: user.name, surname: user.surname });
