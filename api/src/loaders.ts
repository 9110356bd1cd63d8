import DataLoader from "dataloader";
import { type DataSource, In } from "typeorm";
import { User } from "./modules/users/user.entity";

/** Per-request batch loaders: a page of results costs one query per kind, not one per row. */
export interface Loaders {
  userById: DataLoader<string, User | null>;
}

export function createLoaders(dataSource: DataSource): Loaders {
  const users = dataSource.getRepository(User);
  return {
    userById: new DataLoader(async (ids: readonly string[]) => {
      const found = await users.findBy({ id: In([...ids]) });
      const byId = new Map(found.map((user) => [user.id, user]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
