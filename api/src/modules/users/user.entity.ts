import { Field, ObjectType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { BeforeInsert, BeforeUpdate, Column, Entity, Index, PrimaryColumn } from "typeorm";
import { normalizeSearchText } from "../common/text-normalization";
import { Network, Role, UserStatus } from "../reference/reference.data";

@ObjectType({ description: "Un compte de partenaire ou d'administrateur.", simpleResolvers: true })
@Entity("users")
// The administrators' list: a status's accounts, their words tested inside the index (only the
// matches' rows are read); a status alone (the accounts waiting for review) uses it too.
@Index("IDX_users_search", ["status", "searchText"])
export class User {
  @Field(() => ID)
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  @Field()
  @Column({ type: "varchar", length: 100 })
  name: string;

  @Field()
  @Column({ type: "varchar", length: 100 })
  surname: string;

  @Field()
  @Index("UQ_users_email", { unique: true })
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Field({ description: "Téléphone fixe." })
  @Column({ type: "varchar", length: 30 })
  phone: string;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 30, nullable: true })
  mobile: string | null;

  @Field(() => Role)
  @Column({ type: "varchar", length: 20 })
  role: Role;

  @Field(() => UserStatus)
  @Column({ type: "varchar", length: 20 })
  status: UserStatus;

  @Field({ description: "Date de création du compte." })
  @Column({ type: "datetime" })
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "Date d'expiration (AAAA-MM-JJ), null : aucune." })
  @Column({ type: "date", nullable: true })
  expiration: string | null;

  @Field(() => [Network])
  @Column({ type: "simple-json" })
  networks: Network[];

  @Field(() => String, { nullable: true, description: "Motivation de la demande de partenariat." })
  @Column({ type: "text", nullable: true })
  justify: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 255, nullable: true })
  fullAddress: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 100, nullable: true })
  city: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 150, nullable: true })
  epci: string | null;

  /** argon2id hash; never exposed. */
  @Column({ type: "varchar", length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ type: "datetime" })
  updatedAt: Date;

  /** Names, e-mail and town, lower case without diacritics, for the administrators' search. */
  @Column({ type: "varchar", length: 600, nullable: true })
  searchText: string | null;

  @BeforeInsert()
  @BeforeUpdate()
  refreshSearchText() {
    this.searchText = normalizeSearchText([this.name, this.surname, this.email, this.city ?? ""].join(" ")).slice(
      0,
      600,
    );
  }
}
